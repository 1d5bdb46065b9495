import { endpoints } from '@bourse/protocol';
import { allSettled, createEvent, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { $apiClient, ApiError, createApiEffect } from '../index.ts';
import { fakeClient } from '../testing/index.ts';
import { $intentClock, createMoneyIntent, DOUBLE_TAP_MS } from './intent.ts';

const BALANCE = {
  account: 'fund',
  currency: 'USDT',
  available: '1000.00',
  frozen: '0',
  unrealized_pnl: '0',
  total: '1000.00',
} as const;

const amountChanged = createEvent<string>();
const topUp = createMoneyIntent({
  effect: createApiEffect(endpoints.account.addRechMock),
  renewOn: [amountChanged],
});

/** How long a test waits for the call it is to answer before it says none came. */
const CALL_DEADLINE_MS = 5_000;

/** A server whose replies the test lets through one by one, or fails. */
function server() {
  const waiting: { resolve: (value: unknown) => void; reject: (error: unknown) => void }[] = [];
  /** tests waiting for a call to arrive */
  const arrivals: (() => void)[] = [];
  const api = fakeClient({
    [endpoints.account.addRechMock.path]: () =>
      new Promise((resolve, reject) => {
        waiting.push({ resolve, reject });
        for (const arrived of arrivals.splice(0)) arrived();
      }),
  });
  let now = 1_763_900_000_000;
  const scope = fork({
    values: [
      [$apiClient, api.client],
      [$intentClock, () => now],
    ],
  });
  /** the user waits this long before the next tap */
  const pass = (ms: number) => {
    now += ms;
  };
  const idsSent = () =>
    api
      .callsTo(endpoints.account.addRechMock)
      .map((call) => (call.body as { request_id: string }).request_id);
  /** the oldest call the server holds, once it has received one */
  const received = async () => {
    if (waiting.length === 0) {
      let deadline: ReturnType<typeof setTimeout> | undefined;
      await new Promise<void>((arrived, never) => {
        arrivals.push(arrived);
        deadline = setTimeout(() => {
          never(new Error(`the server received no call within ${String(CALL_DEADLINE_MS)} ms`));
        }, CALL_DEADLINE_MS);
      }).finally(() => {
        clearTimeout(deadline);
      });
    }
    const call = waiting.shift();
    if (!call) throw new Error('the server holds no call');
    return call;
  };
  /** answers the next call once it has come */
  const answer = async () => {
    (await received()).resolve({ account_mode: 'demo', balance: BALANCE });
  };
  /** loses the next call's reply once it has come */
  const lose = async () => {
    (await received()).reject(new ApiError({ kind: 'transport', msg: 'connection lost' }));
  };
  return { scope, idsSent, answer, lose, pass };
}

describe('a money intent', () => {
  it('sends one call for a double tap', async () => {
    const { scope, idsSent, answer } = server();

    const first = allSettled(topUp.submit, { scope, params: { amount: '100' } });
    const second = allSettled(topUp.submit, { scope, params: { amount: '100' } });
    await answer();
    await Promise.all([first, second]);

    expect(idsSent()).toHaveLength(1);
    expect(idsSent()[0]).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('sends a retry after a lost reply with the same id', async () => {
    const { scope, idsSent, lose } = server();

    const first = allSettled(topUp.submit, { scope, params: { amount: '100' } });
    await lose();
    await first;
    const retry = allSettled(topUp.submit, { scope, params: { amount: '100' } });
    await lose();
    await retry;

    const [one, two] = idsSent();
    expect(idsSent()).toHaveLength(2);
    expect(two).toBe(one);
  });

  it('gives the next send a new id once a call has succeeded and a double tap is over', async () => {
    const { scope, idsSent, answer, pass } = server();

    for (let i = 0; i < 2; i += 1) {
      const sent = allSettled(topUp.submit, { scope, params: { amount: '100' } });
      await answer();
      await sent;
      pass(DOUBLE_TAP_MS);
    }

    const [one, two] = idsSent();
    expect(idsSent()).toHaveLength(2);
    expect(two).not.toBe(one);
  });

  it('sends the second tap of a double tap that came after the reply with the same id', async () => {
    const { scope, idsSent, answer, pass } = server();

    const first = allSettled(topUp.submit, { scope, params: { amount: '100' } });
    await answer();
    await first;
    pass(DOUBLE_TAP_MS - 1);
    const second = allSettled(topUp.submit, { scope, params: { amount: '100' } });
    await answer();
    await second;

    const [one, two] = idsSent();
    expect(idsSent()).toHaveLength(2);
    expect(two).toBe(one);
  });

  it('gives a new id at once after a success when the form changed', async () => {
    const { scope, idsSent, answer } = server();

    const first = allSettled(topUp.submit, { scope, params: { amount: '100' } });
    await answer();
    await first;
    await allSettled(amountChanged, { scope, params: '200' });
    const second = allSettled(topUp.submit, { scope, params: { amount: '200' } });
    await answer();
    await second;

    const [one, two] = idsSent();
    expect(two).not.toBe(one);
  });

  it('gives the next send a new id when the form changed after a failure', async () => {
    const { scope, idsSent, lose } = server();

    const first = allSettled(topUp.submit, { scope, params: { amount: '100' } });
    await lose();
    await first;
    await allSettled(amountChanged, { scope, params: '200' });
    const second = allSettled(topUp.submit, { scope, params: { amount: '200' } });
    await lose();
    await second;

    const [one, two] = idsSent();
    expect(two).not.toBe(one);
  });
});
