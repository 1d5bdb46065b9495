import { INVITE_CODE_PARAM } from '@bourse/protocol/config';
import type { DomainHandlers } from './handlers.ts';

/** The register page with the code filled in; a path, so the app shows it on its own origin
 * (the one a phone on the LAN opened), not on a host name the mock cannot know. */
const inviteLinkOf = (code: string): string =>
  `/pages/register/register?${INVITE_CODE_PARAM}=${encodeURIComponent(code)}`;

/** /api/team/*: the invite page and the team, from the users' invites and the ledger's rewards. */
export const teamHandlers: DomainHandlers<'team'> = {
  shareInfo: (_body, { exchange, user, language }) => {
    const share = exchange.funds.shareInfo(user.user_id, language);
    const link = inviteLinkOf(share.invite_code);
    return { ...share, invite_link: link, qr_content: link };
  },
  teamInfo: (body, { exchange, user }) => exchange.funds.team(user.user_id, body),
};
