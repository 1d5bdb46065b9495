/**
 * /api/Digits/*: Coin Guess. The rules and the period of the moment (a guest reads them), a bet,
 * the bet records, a cancel while the period takes bets, each signed with PACT_TOKEN; every
 * refusal the game screen handles (code 500: the app shows the message); the `Digits` topic as a
 * period is drawn, and the `Notice` a bettor gets with the result.
 *
 * A bet names its period, so a provider state opens one under a fixed issue and holds the clock
 * at its opening: it takes bets while the interaction is replayed, and another state moves the
 * clock to its close. One table of cases: a new reply or refusal is one row (`answers` or
 * `refuses`, support.ts).
 */
import { SCENARIOS } from '@bourse/fixtures';
import {
  accountMode,
  betKind,
  CODES,
  endpoints,
  EXAMPLE_ROUND,
  FUNC,
  type BetStatus,
} from '@bourse/protocol';
import { describe, expect, it } from 'vitest';
import { DIGITS_PUSH, DIGITS_RESULT_PUSH, HEX64, PACT_TOKEN } from '../pact.ts';
import { state, type State } from '../states.ts';
import {
  arrayContaining,
  decimal,
  eachLike,
  equal,
  id,
  integer,
  like,
  millis,
  oneOf,
  regex,
  text,
} from './matchers.ts';
import { answers, fails, newPact, readPush, refuses, runCases, type Case } from './support.ts';

const { digits } = endpoints;
const pact = newPact();

const trader = SCENARIOS['verified-trader'].users[0]!;
const fresh = SCENARIOS['fresh-user'].users[0]!;
const signedIn = (user: { email: string; password: string }) =>
  state('a signed-in user', { email: user.email, password: user.password, token: PACT_TOKEN });
const traderIn = signedIn(trader);

/** the period the states open (the protocol's example), and the one drawn before it */
const ISSUE = EXAMPLE_ROUND.issue;
const PREVIOUS = '20251123-0733';
const PERIOD = /^\d{8}-\d{4}$/;
const BET_ID = '8001';
const REQUEST = {
  bet: 'pact-digits-bet-000001',
  cancel: 'pact-digits-cancel-0001',
};

const takingBets = state('a Coin Guess period is taking bets', { issue: ISSUE });
const closed = state('Coin Guess bets are closed', { issue: ISSUE });
/** 50 USDT on big in the period taking bets */
const holding = state('the user holds a Coin Guess bet', {
  email: trader.email,
  id: BET_ID,
  issue: ISSUE,
  bet_type: 'big',
  amount: '50',
});

/** A draw with its proof, as the result and the verify sheet read it. */
const drawShape = (issue: string) => ({
  issue: regex(PERIOD, issue),
  digits: [integer(6), integer(6), integer(8)],
  number: integer(20),
  drawn_at: millis(1_763_899_980_000),
  commitment: regex(HEX64, '4884fdaafea47c29fea7159d0daddd9c085d6200e1359e85bb81736af6b7c837'),
  seed: regex(HEX64, '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef'),
});

/** The period as getIssue answers it and the topic pushes it: `phase` exact, the rest by type. */
function roundShape(phase: 'betting' | 'drawn') {
  return {
    issue: regex(PERIOD, ISSUE),
    phase,
    opened_at: millis(EXAMPLE_ROUND.opened_at),
    close_at: millis(EXAMPLE_ROUND.close_at),
    draw_at: millis(EXAMPLE_ROUND.draw_at),
    next_open_at: millis(EXAMPLE_ROUND.next_open_at),
    server_time: millis(phase === 'drawn' ? EXAMPLE_ROUND.draw_at : EXAMPLE_ROUND.opened_at),
    commitment: regex(HEX64, EXAMPLE_ROUND.commitment),
    // drawn: the result and its proof; before, none
    draw: phase === 'drawn' ? drawShape(ISSUE) : null,
    // the period drawn before this one at least
    recent_draws: eachLike(drawShape(PREVIOUS)),
  };
}

/**
 * A bet as the game screen and the records read it, 50 USDT on big; `status` is exact where the
 * consumer relies on it, the rest matched by type or format.
 */
function betShape(status: Extract<BetStatus, 'pending' | 'cancelled'>) {
  const cancelled = status === 'cancelled';
  return {
    id: id(BET_ID),
    issue: regex(PERIOD, ISSUE),
    bet_type: 'big',
    amount: decimal('50.00'),
    // frozen when placed
    odds: decimal('1.94'),
    status,
    // cancelled: the whole stake back
    payout: decimal(cancelled ? '50.00' : '0.00'),
    draw: null,
    commitment: regex(HEX64, EXAMPLE_ROUND.commitment),
    created_at: millis(),
    settled_at: cancelled ? millis() : null,
    account_mode: oneOf(accountMode.options, 'real'),
  };
}

/** A bet from the game screen on the period taking bets. */
const bet = (fields: { issue?: string; bet_type?: string; amount?: string } = {}) => ({
  issue: fields.issue ?? ISSUE,
  bet_type: fields.bet_type ?? 'big',
  amount: fields.amount ?? '50',
  request_id: REQUEST.bet,
});

/** A bet type of the rules, its id and kind exact, its figures by format. */
const betType = (
  typeId: string,
  kind: string,
  sum: number | null,
  figures: { probability: string; odds: string; min: string; max: string },
) => ({
  id: typeId,
  kind,
  sum,
  probability: decimal(figures.probability),
  odds: decimal(figures.odds),
  min_amount: decimal(figures.min),
  max_amount: decimal(figures.max),
});

/** The trader with 20 000 USDT more in the fund account: the period's total is reachable. */
const wealthy: readonly State[] = [
  traderIn,
  state('the user has a deposit under review', {
    email: trader.email,
    id: '3001',
    amount: '10000',
  }),
  state("the user's deposit was reviewed", {
    email: trader.email,
    id: '3001',
    decision: 'approved',
  }),
];

const DIGITS: readonly Case[] = [
  // ---- the game screen ---------------------------------------------------------------------
  answers({
    name: 'reads the rules: every bet type priced, the edge, the limits and the timing',
    description: 'a request for the Coin Guess rules',
    who: 'guest',
    endpoint: digits.digitInfo,
    body: {},
    data: {
      // every type is listed; the screen relies on these three kinds at least
      bet_types: arrayContaining(
        betType('big', 'size', null, { probability: '0.5', odds: '1.94', min: '1', max: '10000' }),
        betType('big_even', 'combo', null, {
          probability: '0.269',
          odds: '3.60',
          min: '1',
          max: '5000',
        }),
        betType('sum_13', 'sum', 13, {
          probability: '0.075',
          odds: '12.93',
          min: '1',
          max: '1000',
        }),
      ),
      currency: 'USDT',
      house_edge: decimal('0.03'),
      max_per_period: decimal('20000'),
      round_seconds: integer(60),
      closing_seconds: integer(10),
      drawn_seconds: integer(5),
      account: 'fund',
    },
    check: (info) => {
      expect(info.bet_types.map((type) => type.id)).toEqual(['big', 'big_even', 'sum_13']);
      expect(info.bet_types.every((type) => betKind.options.includes(type.kind))).toBe(true);
      expect(info.account).toBe('fund');
    },
  }),
  answers({
    name: 'reads the period taking bets, its countdowns, its commitment and the latest draws',
    description: 'a request for the current Coin Guess period',
    states: [takingBets],
    who: 'guest',
    endpoint: digits.getIssue,
    body: { recent: 10 },
    data: roundShape('betting'),
    check: (round) => {
      expect(round.phase).toBe('betting');
      expect(round.draw).toBeNull();
      expect(round.server_time).toBeLessThan(round.close_at);
      expect(round.recent_draws.length).toBeGreaterThan(0);
    },
  }),
  answers({
    name: 'bets on the period taking bets, the stake held from the fund account',
    description: 'a request to bet 50 USDT on big in the Coin Guess period',
    states: [traderIn, takingBets],
    endpoint: digits.addBet,
    body: bet(),
    inject: { issue: 'issue' },
    data: betShape('pending'),
    check: (placed) => {
      expect(placed).toMatchObject({ issue: ISSUE, status: 'pending', payout: '0.00' });
      expect(placed.draw).toBeNull();
    },
  }),
  refuses({
    name: 'is told bets are closed for the period',
    description: 'a request to bet in a Coin Guess period that has closed',
    states: [traderIn, takingBets, closed],
    endpoint: digits.addBet,
    body: bet(),
    inject: { issue: 'issue' },
    code: CODES.failed,
    msg: 'Bets are closed for this period: wait for the next one',
  }),
  refuses({
    name: 'is told the period is no longer taking bets',
    description: 'a request to bet in a Coin Guess period other than the current one',
    states: [traderIn, takingBets],
    endpoint: digits.addBet,
    body: bet({ issue: PREVIOUS }),
    inject: { issue: 'previous_issue' },
    code: CODES.failed,
    msg: 'This period is no longer taking bets: bet on the current one',
  }),
  refuses({
    name: 'is told the stake is under the minimum',
    description: 'a request to bet under the minimum stake in the Coin Guess period',
    states: [traderIn, takingBets],
    endpoint: digits.addBet,
    body: bet({ amount: '0.5' }),
    inject: { issue: 'issue' },
    code: CODES.failed,
    msg: 'The minimum amount is 1 USDT',
  }),
  refuses({
    name: 'is told the stake is over the maximum of the bet type',
    description: 'a request to bet over the maximum stake on one sum in the Coin Guess period',
    states: [traderIn, takingBets],
    endpoint: digits.addBet,
    body: bet({ bet_type: 'sum_13', amount: '1001' }),
    inject: { issue: 'issue' },
    code: CODES.failed,
    msg: 'The maximum amount is 1000 USDT',
  }),
  refuses({
    name: 'is told a bet cannot take the other side of one held',
    description: 'a request to bet on small while holding a bet on big in the Coin Guess period',
    states: [traderIn, takingBets, holding],
    endpoint: digits.addBet,
    body: bet({ bet_type: 'small' }),
    inject: { issue: 'issue' },
    code: CODES.failed,
    msg: 'You cannot bet on both sides (big and small, odd and even) in one period',
  }),
  refuses({
    name: 'is told the fund account does not hold the stake',
    description: 'a request to bet more than the fund account holds in the Coin Guess period',
    states: [signedIn(fresh), takingBets],
    endpoint: digits.addBet,
    body: bet(),
    inject: { issue: 'issue' },
    code: CODES.failed,
    msg: 'Insufficient available balance',
  }),
  refuses({
    name: 'is told the bets on one period would pass the total allowed',
    description: 'a request to bet past the total allowed on one Coin Guess period',
    states: [
      ...wealthy,
      takingBets,
      state('the user holds a Coin Guess bet', {
        email: trader.email,
        id: BET_ID,
        issue: ISSUE,
        bet_type: 'big',
        amount: '10000',
      }),
      state('the user holds a Coin Guess bet', {
        email: trader.email,
        id: '8002',
        issue: ISSUE,
        bet_type: 'odd',
        amount: '10000',
      }),
    ],
    endpoint: digits.addBet,
    body: bet({ bet_type: 'big_odd', amount: '1' }),
    inject: { issue: 'issue' },
    code: CODES.failed,
    msg: 'Your bets on one period may total at most 20000 USDT',
  }),

  // ---- the records -------------------------------------------------------------------------
  answers({
    name: 'lists the bets, newest first',
    description: 'a request for the Coin Guess bets',
    states: [traderIn, takingBets, holding],
    endpoint: digits.betLog,
    body: { page: 1, limit: 20 },
    // a real account's log holds settled bets too: it holds the one placed
    data: { list: arrayContaining(betShape('pending')), total: integer(1), page: 1, limit: 20 },
    check: (page) => {
      expect(page.list[0]?.id).toBe(BET_ID);
    },
  }),

  // ---- cancelling --------------------------------------------------------------------------
  answers({
    name: 'cancels a bet while the period takes bets, and gets the stake back',
    description: 'a request to cancel a Coin Guess bet while its period takes bets',
    states: [traderIn, takingBets, holding],
    endpoint: digits.cancelBet,
    body: { bet_id: BET_ID, request_id: REQUEST.cancel },
    inject: { bet_id: 'bet_id' },
    data: betShape('cancelled'),
    check: (cancelled) => {
      expect(cancelled.status).toBe('cancelled');
      expect(cancelled.payout).toBe(cancelled.amount);
    },
  }),
  refuses({
    name: 'is told a bet can no longer be cancelled once bets are closed',
    description: 'a request to cancel a Coin Guess bet after its period closed',
    states: [traderIn, takingBets, holding, closed],
    endpoint: digits.cancelBet,
    body: { bet_id: BET_ID, request_id: REQUEST.cancel },
    inject: { bet_id: 'bet_id' },
    code: CODES.failed,
    msg: 'Bets are closed for this period: the bet can no longer be cancelled',
  }),
];

describe('digits', () => {
  runCases(pact, DIGITS);

  it('is told a bet that does not exist cannot be cancelled', () =>
    fails(
      pact,
      {
        description: 'a request to cancel a Coin Guess bet that does not exist',
        states: [traderIn, takingBets],
        endpoint: digits.cancelBet,
        body: { bet_id: '999999', request_id: REQUEST.cancel },
        who: 'user',
      },
      { code: CODES.notFound, msg: like('This bet does not exist') },
      (error) => {
        expect(error.code).toBe(404);
      },
    ));

  it('reads a Digits push about a period drawn', () =>
    pact
      .addAsynchronousInteraction()
      .given(takingBets.name, takingBets.params)
      .given(closed.name, closed.params)
      .expectsToReceive(DIGITS_PUSH, (message) => {
        message.withJSONContent({
          cmd: 'data',
          msg: {
            func: FUNC.digits,
            topic: equal('Digits'),
            data: roundShape('drawn'),
          },
        });
      })
      .executeTest((message) => {
        const push = readPush(JSON.stringify(message.contents.content), 'Digits');
        expect(push.topic).toBe('Digits');
        expect(push.data).toMatchObject({ issue: ISSUE, phase: 'drawn' });
        expect(push.data.draw?.digits).toHaveLength(3);
        return Promise.resolve();
      }));

  it('reads a Notice push about a Coin Guess result', () =>
    pact
      .addAsynchronousInteraction()
      .given(traderIn.name, traderIn.params)
      .given(takingBets.name, takingBets.params)
      .given(holding.name, holding.params)
      .given(closed.name, closed.params)
      .expectsToReceive(DIGITS_RESULT_PUSH, (message) => {
        message.withJSONContent({
          cmd: 'data',
          msg: {
            func: FUNC.notice,
            // a private push's topic is its func
            topic: FUNC.notice,
            data: {
              id: id(`DG${ISSUE}-1`),
              title: text(`Coin Guess period ${ISSUE}`),
              summary: text('The number drawn is 20: you won 97.00 USDT.'),
              created_at: millis(),
            },
          },
        });
      })
      .executeTest((message) => {
        const push = readPush(JSON.stringify(message.contents.content), 'Notice');
        expect(push.topic).toBe('Notice');
        expect(push.data.title).toContain(ISSUE);
        return Promise.resolve();
      }));
});
