import type { DomainHandlers } from './handlers.ts';

/** /api/team/*: the invite page and the team, from the users' invites and the ledger's rewards. */
export const teamHandlers: DomainHandlers<'team'> = {
  shareInfo: (_body, { exchange, user, language }) =>
    exchange.funds.shareInfo(user.user_id, language),
  teamInfo: (body, { exchange, user }) => exchange.funds.team(user.user_id, body),
};
