import { endpoints } from '@bourse/protocol';
import { $apiClient } from '#shared/api';
import { failWith, fakeClient, type Reply } from '#shared/api/testing';
import { showToastFx } from '#shared/ui/toast';
import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import {
  $inviteLink,
  $loadFailed,
  $qrContent,
  $shareInfo,
  absoluteLink,
  copyTextFx,
  InvitePageGate,
  inviteRetried,
  shareClicked,
  shareFx,
} from './invite.ts';

const SHARE = {
  ...endpoints.team.shareInfo.example.response,
  invite_link: '/pages/register/register?invite_code=K7Q2M9',
  qr_content: '/pages/register/register?invite_code=K7Q2M9',
};
const LAN = 'http://192.168.1.20:8080';

/** `share` stands in for the system share sheet: it throws as a browser rejects. */
function setup(reply: Reply, share: () => void = () => undefined) {
  const api = fakeClient({ '/api/team/shareInfo': reply });
  const copied: string[] = [];
  const toasts: string[] = [];
  const scope = fork({
    values: [[$apiClient, api.client]],
    handlers: [
      [copyTextFx, (text: string) => void copied.push(text)],
      [showToastFx, (text: string) => void toasts.push(text)],
      [shareFx, share],
    ],
  });
  return { scope, api, copied, toasts };
}

describe('the invite page', () => {
  it('shows the link and QR code on the origin the app was opened on', async () => {
    const { scope, api } = setup(() => SHARE);

    await allSettled(InvitePageGate.open, { scope, params: { origin: LAN } });

    expect(api.calls.map((call) => call.path)).toStrictEqual(['/api/team/shareInfo']);
    expect(scope.getState($shareInfo)?.invite_code).toBe('K7Q2M9');
    expect(scope.getState($inviteLink)).toBe(`${LAN}/pages/register/register?invite_code=K7Q2M9`);
    expect(scope.getState($qrContent)).toBe(`${LAN}/pages/register/register?invite_code=K7Q2M9`);
  });

  it('keeps a full address the server gives as it is', () => {
    expect(absoluteLink('https://bourse.example/r?c=1', LAN)).toBe('https://bourse.example/r?c=1');
    expect(absoluteLink('/pages/register/register', '')).toBe('/pages/register/register');
  });

  it('says it could not load, and loads again on retry', async () => {
    let fail = true;
    const failing = failWith(500, 'down');
    const { scope } = setup(() => (fail ? failing() : SHARE));

    await allSettled(InvitePageGate.open, { scope, params: { origin: LAN } });
    expect(scope.getState($loadFailed)).toBe(true);
    expect(scope.getState($inviteLink)).toBe('');

    fail = false;
    await allSettled(inviteRetried, { scope });
    expect(scope.getState($loadFailed)).toBe(false);
    expect(scope.getState($shareInfo)).not.toBeNull();
  });

  it('copies the link when the browser has no share sheet, and says so', async () => {
    const { scope, copied, toasts } = setup(
      () => SHARE,
      () => {
        throw new Error('no share sheet');
      },
    );
    const url = `${LAN}/pages/register/register?invite_code=K7Q2M9`;

    await allSettled(shareClicked, { scope, params: { title: 'Join', text: 'Sign up', url } });

    expect(copied).toStrictEqual([url]);
    expect(toasts).toStrictEqual(['invite.copied']);
  });

  it('copies nothing when the user closes the share sheet', async () => {
    const { scope, copied } = setup(
      () => SHARE,
      () => {
        throw new DOMException('closed', 'AbortError');
      },
    );

    await allSettled(shareClicked, { scope, params: { title: 'Join', text: 'Go', url: LAN } });

    expect(copied).toStrictEqual([]);
  });
});
