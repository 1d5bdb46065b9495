import { endpoints } from '@bourse/protocol';
import { $apiClient, ApiError } from '#shared/api';
import { fakeClient, type Reply } from '#shared/api/testing';
import { allSettled, createWatch, fork, type Scope } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEmailCodeSender } from './sender.ts';

const sender = createEmailCodeSender(endpoints.auth.sendEmail);
const ownSender = createEmailCodeSender(endpoints.user.sendEmail);

const REQUEST = { email: 'trader@example.com', purpose: 'register' } as const;

/** A client that answers both sendEmail calls with `reply` (or fails with it) and records them. */
function sendEmailClient(reply: Reply) {
  const { client, sent } = fakeClient({
    [endpoints.auth.sendEmail.path]: reply,
    [endpoints.user.sendEmail.path]: reply,
  });
  return { client, calls: sent };
}

const sentReply =
  (resend_in = 60) =>
  () =>
    Promise.resolve({ expires_in: 600, resend_in });
const refusal = (code: number, msg: string) => () =>
  Promise.reject(new ApiError({ kind: 'code', code, msg }));

/** Lets the effects that are due run, with fake timers on. */
const flush = () => vi.advanceTimersByTimeAsync(0);

function setup(reply: () => Promise<unknown>) {
  const { client, calls } = sendEmailClient(reply);
  const scope = fork({ values: [[$apiClient, client]] });
  return { scope, calls };
}

const pendingRuns: Promise<unknown>[] = [];
/** Starts a request; the countdown keeps the run open, so it is awaited at the end. */
function request(scope: Scope) {
  pendingRuns.push(allSettled(sender.sendRequested, { scope, params: REQUEST }));
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-03-01T09:00:00Z') });
});

afterEach(async () => {
  await vi.runAllTimersAsync();
  await Promise.all(pendingRuns.splice(0));
  vi.useRealTimers();
});

describe('the countdown', () => {
  it('starts from resend_in and ticks once a second', async () => {
    const { scope, calls } = setup(sentReply(60));

    request(scope);
    await flush();

    expect(calls).toEqual([{ path: '/api/login/sendEmail', body: REQUEST }]);
    expect(scope.getState(sender.$secondsLeft)).toBe(60);
    expect(scope.getState(sender.$canSend)).toBe(false);

    await vi.advanceTimersByTimeAsync(1_000);
    expect(scope.getState(sender.$secondsLeft)).toBe(59);

    await vi.advanceTimersByTimeAsync(17_000);
    expect(scope.getState(sender.$secondsLeft)).toBe(42);
  });

  it('blocks resending until it reaches 0, then allows it', async () => {
    const { scope, calls } = setup(sentReply(60));

    request(scope);
    await flush();
    await vi.advanceTimersByTimeAsync(30_000);
    request(scope);
    await flush();
    await vi.advanceTimersByTimeAsync(29_000);
    request(scope);
    await flush();

    expect(calls).toHaveLength(1);
    expect(scope.getState(sender.$secondsLeft)).toBe(1);

    await vi.advanceTimersByTimeAsync(1_000);
    expect(scope.getState(sender.$secondsLeft)).toBe(0);
    expect(scope.getState(sender.$canSend)).toBe(true);

    request(scope);
    await flush();
    expect(calls).toHaveLength(2);
    expect(scope.getState(sender.$secondsLeft)).toBe(60);
  });

  it('follows the clock when timers were held back (a phone asleep)', async () => {
    const { scope } = setup(sentReply(60));

    request(scope);
    await flush();
    // The clock jumps 45 s while no timer fires, as in a background tab.
    vi.setSystemTime(Date.now() + 45_000);
    await vi.advanceTimersByTimeAsync(1_000);

    expect(scope.getState(sender.$secondsLeft)).toBe(14);
  });

  it('blocks a second request while the first is under way', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const { scope, calls } = setup(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );

    request(scope);
    await flush();
    expect(scope.getState(sender.$pending)).toBe(true);
    expect(scope.getState(sender.$canSend)).toBe(false);
    request(scope);
    await flush();
    expect(calls).toHaveLength(1);

    answer({ expires_in: 600, resend_in: 60 });
    await flush();
    expect(scope.getState(sender.$pending)).toBe(false);
    expect(scope.getState(sender.$secondsLeft)).toBe(60);
  });

  it('stops on reset, and the old countdown does not run on beside a new one', async () => {
    const { scope, calls } = setup(sentReply(60));

    request(scope);
    await flush();
    await vi.advanceTimersByTimeAsync(500);
    // allSettled waits for every effect of the scope, the pending tick too: not awaited here.
    pendingRuns.push(allSettled(sender.reset, { scope }));
    await flush();
    expect(scope.getState(sender.$secondsLeft)).toBe(0);
    expect(scope.getState(sender.$canSend)).toBe(true);

    request(scope);
    await flush();
    // The first countdown's tick (due at 1 s) ends there: one countdown runs, not two.
    await vi.advanceTimersByTimeAsync(600);
    expect(calls).toHaveLength(2);
    expect(scope.getState(sender.$secondsLeft)).toBe(60);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(500);
    expect(scope.getState(sender.$secondsLeft)).toBe(59);
  });

  it('reports that the code was sent', async () => {
    const { scope } = setup(sentReply(60));
    const sent = vi.fn();
    const watch = createWatch({ unit: sender.sent, scope, fn: sent });

    request(scope);
    await flush();
    watch.unsubscribe();

    expect(sent).toHaveBeenCalledTimes(1);
  });
});

describe('a refusal', () => {
  it('429 code_too_soon: shows its message and counts down from the seconds it names', async () => {
    const msg = 'Please wait 42 s before requesting another code';
    const { scope } = setup(refusal(429, msg));

    request(scope);
    await flush();

    expect(scope.getState(sender.$refusal)).toBe(msg);
    expect(scope.getState(sender.$secondsLeft)).toBe(42);
    expect(scope.getState(sender.$canSend)).toBe(false);
  });

  it('429 without a number: shows the message and leaves the button free', async () => {
    const msg = 'Too many requests, please try again later';
    const { scope } = setup(refusal(429, msg));

    request(scope);
    await flush();

    expect(scope.getState(sender.$refusal)).toBe(msg);
    expect(scope.getState(sender.$secondsLeft)).toBe(0);
  });

  it('400 "email: …" goes out through failed, for the e-mail field, and is no refusal', async () => {
    const { scope } = setup(refusal(400, 'email: This e-mail is already registered'));
    const failed = vi.fn();
    const watch = createWatch({ unit: sender.failed, scope, fn: failed });

    request(scope);
    await flush();
    watch.unsubscribe();

    expect(failed).toHaveBeenCalledTimes(1);
    expect((failed.mock.calls[0]?.[0] as ApiError).msg).toBe(
      'email: This e-mail is already registered',
    );
    expect(scope.getState(sender.$refusal)).toBeNull();
    expect(scope.getState(sender.$canSend)).toBe(true);
  });

  it('500 is the app toast, not shown again here', async () => {
    const { scope } = setup(refusal(500, 'Server error, please try again later'));

    request(scope);
    await flush();

    expect(scope.getState(sender.$refusal)).toBeNull();
  });

  it('is forgotten when a new code is asked for', async () => {
    let attempt = 0;
    const { scope } = setup(() =>
      attempt++ === 0
        ? Promise.reject(new ApiError({ kind: 'code', code: 429, msg: 'Too many requests' }))
        : Promise.resolve({ expires_in: 600, resend_in: 60 }),
    );

    request(scope);
    await flush();
    expect(scope.getState(sender.$refusal)).toBe('Too many requests');
    request(scope);
    await flush();

    expect(scope.getState(sender.$refusal)).toBeNull();
    expect(scope.getState(sender.$secondsLeft)).toBe(60);
  });
});

describe("the signed-in user's own code", () => {
  it('calls /api/users/sendEmail and counts down the same way', async () => {
    const { client, calls } = sendEmailClient(sentReply(60));
    const scope = fork({ values: [[$apiClient, client]] });

    pendingRuns.push(
      allSettled(ownSender.sendRequested, { scope, params: { purpose: 'delete_account' } }),
    );
    await flush();

    expect(calls).toEqual([{ path: '/api/users/sendEmail', body: { purpose: 'delete_account' } }]);
    expect(scope.getState(ownSender.$secondsLeft)).toBe(60);
  });

  it('shows a 400 that names a field, since this form has no e-mail field', async () => {
    const { client } = sendEmailClient(refusal(400, 'email: is not verified'));
    const scope = fork({ values: [[$apiClient, client]] });

    pendingRuns.push(allSettled(ownSender.sendRequested, { scope, params: { purpose: 'bind' } }));
    await flush();

    expect(scope.getState(ownSender.$refusal)).toBe('is not verified');
  });
});
