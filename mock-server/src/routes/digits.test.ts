import { SCENARIOS } from '@bourse/fixtures';
import type { AccountBalances, Bet, DigitRound } from '@bourse/protocol';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, testApp } from '../test/wire.ts';

/**
 * The five /api/Digits/* calls over the wire, one app for the file: the verified trader of the
 * scenario (10 000 USDT in the real fund account) bets on periods whose results the control API
 * fixes ahead (their seeds searched for before their commitments are published), on a frozen
 * clock the control API moves.
 */
const trader = SCENARIOS['verified-trader'].users[0]!;
let app: FastifyInstance;
let token: string;
let serial = 0;
const rid = () => `digits-route-${String(++serial).padStart(8, '0')}`;

const control = (method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url: `/__control${url}`, ...(payload ? { payload } : {}) });
const advance = (ms: number) => control('POST', '/clock', { action: 'advance', ms });
const as = <T = Record<string, unknown>>(
  path: string,
  body: Record<string, unknown> = {},
  language = 'en',
) => call<T>(app, `/api/Digits/${path}`, body, { token, language });
const round = async () => (await as<DigitRound>('getIssue')).data;
/** the clock moved to the next period's opening */
const nextPeriod = async () => {
  const current = await round();
  await advance(current.next_open_at - current.server_time);
  return round();
};
const fund = async () =>
  (await call<AccountBalances>(app, '/api/account/index', {}, { token })).data.list.find(
    (item) => item.account === 'fund',
  );

beforeAll(async () => {
  app = await testApp({ scenario: 'verified-trader' });
  token = (
    await call<{ token: string }>(app, '/api/login/index', {
      account: trader.email,
      password: trader.password,
    })
  ).data.token;
  await control('POST', '/clock', { action: 'freeze' });
});
afterAll(async () => {
  await app.close();
});

describe('the Coin Guess calls', () => {
  it('digitInfo: every bet type priced at its chance less the edge, to a guest', async () => {
    const info = await call<{
      bet_types: { id: string; probability: string; odds: string }[];
      house_edge: string;
      round_seconds: number;
    }>(app, '/api/Digits/digitInfo', {});
    expect(info.code).toBe(200);
    expect(info.data.house_edge).toBe('0.03');
    expect(info.data.bet_types).toHaveLength(38);
    expect(info.data.bet_types.find((type) => type.id === 'big_even')).toMatchObject({
      probability: '0.269',
      odds: '3.60',
    });
  });

  it('bets big on a period fixed at 20, and is paid 1.94 × the stake at the draw', async () => {
    await control('POST', '/digits/fix', { number: 20 });
    const period = await nextPeriod();
    expect(period.phase).toBe('betting');
    const before = await fund();
    const bet = await as<Bet>('addBet', {
      issue: period.issue,
      bet_type: 'big',
      amount: '50',
      request_id: rid(),
    });
    expect(bet.data).toMatchObject({
      status: 'pending',
      odds: '1.94',
      commitment: period.commitment,
    });
    await advance(period.draw_at - period.server_time);
    const drawn = await round();
    expect(drawn).toMatchObject({
      phase: 'drawn',
      draw: { number: 20, commitment: period.commitment },
    });
    const log = await as<{ list: Bet[] }>('betLog', { issue: period.issue });
    expect(log.data.list[0]).toMatchObject({ status: 'won', payout: '97.00' });
    expect(log.data.list[0]?.draw?.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(Number((await fund())?.available)).toBe(Number(before?.available) + 47);
  });

  it('refuses late and opposite bets in the caller’s language, and cancels before closing', async () => {
    const period = await nextPeriod();
    const small = await as<Bet>('addBet', {
      issue: period.issue,
      bet_type: 'small',
      amount: '10',
      request_id: rid(),
    });
    const opposite = await as(
      'addBet',
      { issue: period.issue, bet_type: 'big', amount: '10', request_id: rid() },
      'es',
    );
    expect(opposite).toMatchObject({
      code: 500,
      msg: 'No puedes apostar a ambos lados (grande y pequeño, impar y par) en un mismo periodo',
    });
    const cancelled = await as<Bet>('cancelBet', { bet_id: small.data.id, request_id: rid() });
    expect(cancelled.data).toMatchObject({ status: 'cancelled', payout: '10.00' });
    await advance(period.close_at - period.server_time);
    const late = await as('addBet', {
      issue: period.issue,
      bet_type: 'odd',
      amount: '10',
      request_id: rid(),
    });
    expect(late).toMatchObject({
      code: 500,
      msg: 'Bets are closed for this period: wait for the next one',
    });
    expect((await as('cancelBet', { bet_id: 'nope', request_id: rid() })).code).toBe(404);
  });

  it('getIssue: as many recent draws as asked for, newest first', async () => {
    await nextPeriod();
    const draws = (await as<DigitRound>('getIssue', { recent: 2 })).data.recent_draws;
    expect(draws).toHaveLength(2);
    expect((draws[0]?.drawn_at ?? 0) > (draws[1]?.drawn_at ?? 0)).toBe(true);
  });
});
