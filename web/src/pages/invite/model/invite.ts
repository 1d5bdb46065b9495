import { endpoints, type ResponseOf } from '@bourse/protocol';
import { createApiEffect } from '#shared/api';
import { createCopyAction } from '#shared/ui/copy';
import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';

export type ShareInfo = ResponseOf<typeof endpoints.team.shareInfo>;

export interface InviteGateProps {
  /** the origin the app was opened on: a link the server gives as a path is shown on it */
  readonly origin: string;
}

export const InvitePageGate = createGate<InviteGateProps>({
  name: 'InvitePage',
  defaultState: { origin: '' },
});

export const fetchShareInfoFx = createApiEffect(endpoints.team.shareInfo);
export const inviteRetried = createEvent();

export const $shareInfo = createStore<ShareInfo | null>(null);
export const $loadFailed = createStore(false);

// Every visit asks again: the operator may change the rules or the link.
sample({ clock: [InvitePageGate.open, inviteRetried], fn: () => ({}), target: fetchShareInfoFx });
sample({ clock: fetchShareInfoFx.doneData, target: $shareInfo });
$loadFailed.on(fetchShareInfoFx.fail, () => true).reset(fetchShareInfoFx);

/**
 * A link as someone else can open it: a path or a relative link is taken on the origin the app
 * is open on (a phone on the LAN opened `http://192.168.1.20:8080`, so that is where a friend's
 * phone must go); a full address stays as the server gave it.
 */
export function absoluteLink(link: string, origin: string): string {
  if (origin === '') return link;
  try {
    return new URL(link, origin).href;
  } catch {
    return link;
  }
}

const $origin = InvitePageGate.state.map((props) => props.origin);

/** The invite link to copy and share, on the app's origin when the server gives a path. */
export const $inviteLink = combine($shareInfo, $origin, (info, origin) =>
  info === null ? '' : absoluteLink(info.invite_link, origin),
);
/** What the QR code encodes: the server's QR content, on the app's origin likewise. */
export const $qrContent = combine($shareInfo, $origin, (info, origin) =>
  info === null ? '' : absoluteLink(info.qr_content, origin),
);

// ---- copying and sharing -------------------------------------------------------------------

export const { copyRequested, copyTextFx } = createCopyAction({
  copied: 'invite.copied',
  failed: 'invite.copyFailed',
});

export interface ShareRequest {
  readonly title: string;
  readonly text: string;
  readonly url: string;
}

/** The system share sheet. Rejects when there is none (plain http, a desktop browser). */
export const shareFx = createEffect(async (request: ShareRequest) => {
  if (typeof navigator.share !== 'function') throw new Error('no share sheet');
  await navigator.share(request);
});

/** The share button: the system share sheet, or the link copied where there is none. */
export const shareClicked = createEvent<ShareRequest>();

sample({ clock: shareClicked, target: shareFx });
// A user who closes the sheet has not asked for a copy; only a missing sheet falls back.
sample({
  clock: shareFx.fail,
  filter: ({ error }) => !(error instanceof DOMException && error.name === 'AbortError'),
  fn: ({ params }) => params.url,
  target: copyRequested,
});
