import { betOdds, digitSum, SUM_WAYS } from '@bourse/formulas/digits';
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EngineError } from '../errors.ts';
import { Exchange } from '../exchange.ts';
import { plainHasher, seededBytes } from '../testing.ts';
import { digitsOf } from './draw.ts';
import { digitsWorld, FIRST, rid, START } from './testing.ts';

const refusalOf = (call: () => unknown): EngineError => {
  try {
    call();
  } catch (error) {
    if (error instanceof EngineError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('Coin Guess periods', () => {
  it('open, close, draw and open again to the second, numbered by day and sequence', async () => {
    const w = await digitsWorld();
    const round = w.digits.round();
    expect(round).toMatchObject({
      issue: FIRST,
      phase: 'betting',
      opened_at: START,
      close_at: START + 45_000,
      draw_at: START + 55_000,
      next_open_at: START + 60_000,
      server_time: START,
      draw: null,
    });
    w.pass(44_999);
    expect(w.digits.round().phase).toBe('betting');
    w.pass(1);
    expect(w.digits.round().phase).toBe('closing');
    w.pass(9_999);
    expect(w.digits.round().phase).toBe('closing');
    w.pass(1);
    const drawn = w.digits.round();
    expect(drawn.phase).toBe('drawn');
    expect(drawn.draw).toMatchObject({ issue: FIRST, drawn_at: START + 55_000 });
    w.pass(5_000);
    expect(w.digits.round()).toMatchObject({ issue: '20261124-0722', phase: 'betting' });
    // every phase change since went to the topic, in order (the opening came with the load)
    expect(
      w.events.flatMap((event) =>
        event.type === 'round' ? [`${event.round.issue} ${event.round.phase}`] : [],
      ),
    ).toEqual([`${FIRST} closing`, `${FIRST} drawn`, '20261124-0722 betting']);
  });

  it('publishes the seed’s SHA-256 before any bet and reveals a seed that gives the digits', async () => {
    const w = await digitsWorld();
    const { commitment, issue } = w.digits.round();
    w.pass(55_000);
    const draw = w.digits.round().draw;
    expect(draw?.commitment).toBe(commitment);
    expect(
      createHash('sha256')
        .update(Buffer.from(draw?.seed ?? '', 'hex'))
        .digest('hex'),
    ).toBe(commitment);
    expect(digitsOf(draw?.seed ?? '', issue)).toEqual(draw?.digits);
    expect(draw?.number).toBe(digitSum(draw?.digits ?? []));
    // no seed is used twice
    w.pass(60_000 * 30);
    const seeds = w.digits.round(100).recent_draws.map((item) => item.seed);
    expect(new Set(seeds).size).toBe(seeds.length);
  });

  it('draws the result QA fixed for the next period, with a proof that still holds', async () => {
    const w = await digitsWorld();
    w.digits.fixNext(27);
    w.pass(60_000); // the fixed period opens now
    const { issue, commitment } = w.digits.round();
    w.pass(55_000);
    const draw = w.digits.round().draw;
    expect(draw).toMatchObject({ issue, number: 27, digits: [9, 9, 9], commitment });
    expect(w.digits.controlLog().map((entry) => entry.action)).toEqual([
      'fix next result',
      'fixed result used',
    ]);
  });

  it('plays the periods missed while the mock was down, in order, paying each bet once', async () => {
    const w = await digitsWorld();
    w.bet(w.ann, { bet_type: 'odd', amount: '10' });
    const saved = w.exchange.snapshot();
    const wall = START + 10 * 60_000 + 1;
    const again = new Exchange({
      seed: 7,
      hasher: plainHasher,
      wall: () => wall,
      randomBytes: seededBytes(9),
    });
    again.restore(saved);
    const round = again.domains.digits.round(20);
    expect(round.issue).toBe('20261124-0731');
    expect(round.recent_draws.map((draw) => draw.issue).at(-1)).toBe(FIRST);
    expect(round.recent_draws).toHaveLength(10);
    const [bet] = again.domains.digits.betRows(w.ann);
    expect(bet?.status).not.toBe('pending');
    const settled = again.ledger
      .transactions()
      .filter((tx) => tx.ref_id === `GB${bet?.id ?? ''}`)
      .map((tx) => tx.kind);
    expect(settled).toHaveLength(2); // the stake, then one settlement
    again.ledger.check();
  });
});

describe('a bet', () => {
  it('pays stake × odds on a win, from the house, and tells the bettor', async () => {
    const w = await digitsWorld();
    w.digits.fixNext(20);
    w.pass(60_000);
    const bet = w.bet(w.ann, { bet_type: 'big', amount: '50' });
    expect(bet).toMatchObject({ status: 'pending', odds: '1.94', payout: '0.00' });
    expect(w.fund(w.ann)).toEqual({ available: '950', frozen: '50' });
    w.pass(55_000);
    const [settled] = w.digits.bets(w.ann, { page: 1, limit: 1 }).list;
    expect(settled).toMatchObject({ status: 'won', payout: '97.00' });
    expect(settled?.draw?.number).toBe(20);
    expect(w.fund(w.ann)).toEqual({ available: '1047', frozen: '0' });
    expect(w.house()).toBe('-47');
    const notices = w.events.flatMap((event) =>
      event.type === 'notice' ? [event.notice.summary] : [],
    );
    expect(notices).toEqual(['The number drawn is 20: you won 97.00 USDT.']);
  });

  it('loses the stake to the house; an exact sum pays its long odds', async () => {
    const w = await digitsWorld();
    w.digits.fixNext(3);
    w.pass(60_000);
    w.bet(w.ann, { bet_type: 'big', amount: '40' });
    w.bet(w.ann, { bet_type: 'sum_3', amount: '2.5' });
    w.pass(55_000);
    const odds = betOdds('sum_3', '0.03').toFixed(2);
    expect(odds).toBe('97.00');
    const results = w.digits
      .bets(w.ann, { page: 1, limit: 10 })
      .list.map((bet) => [bet.bet_type, bet.status, bet.payout]);
    expect(results).toEqual([
      ['sum_3', 'won', '242.50'],
      ['big', 'lost', '0.00'],
    ]);
    expect(w.fund(w.ann)).toEqual({ available: '1200', frozen: '0' });
  });

  it('is cancelled with its whole stake before closing, and not after', async () => {
    const w = await digitsWorld();
    const bet = w.bet(w.ann, { amount: '30' });
    const cancelled = w.digits.cancel(w.ann, { bet_id: bet.id, request_id: rid() });
    expect(cancelled).toMatchObject({ status: 'cancelled', payout: '30.00' });
    expect(w.fund(w.ann)).toEqual({ available: '1000', frozen: '0' });
    const late = w.bet(w.ann, { amount: '30' });
    w.pass(45_000);
    expect(
      refusalOf(() => w.digits.cancel(w.ann, { bet_id: late.id, request_id: rid() })),
    ).toMatchObject({ key: 'digits_not_cancellable' });
  });

  it('moves the account of the mode it was placed on, whatever the owner switches to', async () => {
    const w = await digitsWorld();
    w.digits.fixNext(27);
    w.pass(60_000);
    w.exchange.profile.setAccountMode(w.ann, 'demo');
    w.bet(w.ann, { bet_type: 'big', amount: '100' });
    w.exchange.profile.setAccountMode(w.ann, 'real');
    w.pass(55_000);
    expect(w.fund(w.ann, 'demo')).toEqual({ available: '1094', frozen: '0' });
    expect(w.fund(w.ann, 'real')).toEqual({ available: '1000', frozen: '0' });
    expect(w.digits.bets(w.ann, { page: 1, limit: 10 }).total).toBe(0);
  });

  it('replays a repeated request id: one bet, one stake', async () => {
    const w = await digitsWorld();
    const body = { request_id: rid() };
    expect(w.bet(w.ann, body).id).toBe(w.bet(w.ann, body).id);
    expect(w.fund(w.ann)).toEqual({ available: '900', frozen: '100' });
  });

  it("checks the bettor's own pending bets only: others', cancelled and drawn ones and a restore aside", async () => {
    const w = await digitsWorld();
    // bo holds small: ann may still bet big, and bo's stake counts nowhere in ann's total
    w.bet(w.bo, { bet_type: 'small', amount: '50' });
    const big = w.bet(w.ann, { bet_type: 'big', amount: '10' });
    expect(refusalOf(() => w.bet(w.ann, { bet_type: 'small', amount: '10' }))).toMatchObject({
      key: 'digits_opposite',
    });
    // cancelled, big no longer bars small
    w.digits.cancel(w.ann, { bet_id: big.id, request_id: rid() });
    const small = w.bet(w.ann, { bet_type: 'small', amount: '10' });
    expect(refusalOf(() => w.bet(w.ann, { bet_type: 'big', amount: '10' }))).toMatchObject({
      key: 'digits_opposite',
    });
    expect([w.digits.holdsOpen(w.ann), w.digits.holdsOpen(w.bo)]).toEqual([true, true]);
    // after a restore the pending bets are taken from the state again
    w.exchange.restore(w.exchange.snapshot());
    expect(refusalOf(() => w.bet(w.ann, { bet_type: 'big', amount: '10' }))).toMatchObject({
      key: 'digits_opposite',
    });
    // the draw pays each once and empties the period
    w.pass(55_000);
    expect([w.digits.holdsOpen(w.ann), w.digits.holdsOpen(w.bo)]).toEqual([false, false]);
    expect(
      w.digits.betRows(w.ann).map((row) => [row.id, row.status === 'pending' ? 'pending' : 'done']),
    ).toEqual([
      [big.id, 'done'],
      [small.id, 'done'],
    ]);
    w.pass(5_000);
    expect(w.bet(w.ann, { bet_type: 'big', amount: '10' }).status).toBe('pending');
  });

  describe('is refused, naming what, and moves nothing', () => {
    type World = Awaited<ReturnType<typeof digitsWorld>>;
    const nothing = () => undefined;
    /** [name, what is done first, the refused call, its message key] */
    const cases: [string, (w: World) => unknown, (w: World) => unknown, string][] = [
      [
        'another period',
        nothing,
        (w) => w.bet(w.ann, { issue: '20261124-0720' }),
        'digits_wrong_period',
      ],
      [
        'an unknown type',
        nothing,
        (w) => w.bet(w.ann, { bet_type: 'sum_28' }),
        'digits_bet_unknown',
      ],
      ['three decimals', nothing, (w) => w.bet(w.ann, { amount: '1.001' }), 'amount_decimals'],
      ['under the minimum', nothing, (w) => w.bet(w.ann, { amount: '0.99' }), 'amount_below_min'],
      [
        'over a sum’s maximum',
        nothing,
        (w) => w.bet(w.ann, { bet_type: 'sum_13', amount: '1000.01' }),
        'amount_above_max',
      ],
      [
        'over the balance',
        nothing,
        (w) => w.bet(w.bo, { amount: '100.01' }),
        'balance_insufficient',
      ],
      [
        'the other side of a bet held',
        (w) => w.bet(w.ann, { bet_type: 'small', amount: '10' }),
        (w) => w.bet(w.ann, { bet_type: 'big', amount: '10' }),
        'digits_opposite',
      ],
      [
        'once bets are closed',
        (w) => {
          w.pass(45_000);
        },
        (w) => w.bet(w.ann),
        'digits_closed',
      ],
    ];
    it.each(cases)('%s', async (_name, first, call, key) => {
      const w = await digitsWorld();
      first(w);
      const before = JSON.stringify(w.exchange.snapshot());
      expect(refusalOf(() => call(w))).toMatchObject({ key });
      expect(JSON.stringify(w.exchange.snapshot())).toBe(before);
    });

    it('over the period’s total for one user', async () => {
      const w = await digitsWorld();
      w.exchange.profile.setAccountMode(w.ann, 'demo');
      // the demo account tops up to stake past the total
      w.exchange.funds.demoTopUp(w.ann, { amount: '100000', request_id: rid() });
      for (const type of ['big', 'odd']) w.bet(w.ann, { bet_type: type, amount: '10000' });
      expect(refusalOf(() => w.bet(w.ann, { bet_type: 'sum_9', amount: '1' }))).toMatchObject({
        key: 'digits_period_limit',
        params: { max: '20000' },
      });
    });
  });
});

describe('the draw, statistically', () => {
  it('gives each digit and each sum within the bounds of chance over 100 000 draws', () => {
    const draws = 100_000;
    const digitCounts = Array.from({ length: 10 }, () => 0);
    const sumCounts = Array.from({ length: 28 }, () => 0);
    for (let i = 0; i < draws; i += 1) {
      const digits = digitsOf(
        randomBytes(32).toString('hex'),
        `20261124-${String(i % 10_000).padStart(4, '0')}`,
      );
      for (const digit of digits) digitCounts[digit] = (digitCounts[digit] ?? 0) + 1;
      const sum = digitSum(digits);
      sumCounts[sum] = (sumCounts[sum] ?? 0) + 1;
    }
    // each within 5 standard deviations of its expectation (a false alarm about once in 10⁵ runs)
    const within = (count: number, p: number, n: number) =>
      Math.abs(count - n * p) <= 5 * Math.sqrt(n * p * (1 - p));
    for (const count of digitCounts) expect(within(count, 0.1, draws * 3)).toBe(true);
    SUM_WAYS.forEach((ways, sum) => {
      expect(within(sumCounts[sum] ?? 0, ways / 1000, draws), `sum ${String(sum)}`).toBe(true);
    });
  });
});
