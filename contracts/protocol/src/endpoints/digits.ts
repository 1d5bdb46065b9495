import { z } from 'zod';
import {
  accountMode,
  decimalString,
  empty,
  idString,
  pageOf,
  pageRequest,
  timestampMs,
} from '../schemas.ts';
import { accountKind } from './account.ts';
import { endpoint } from './endpoint.ts';
import { enteredDecimal } from './market.ts';

/** A round's period number, e.g. 202511230734 (the day and the round of the day). */
export const issueNumber = z.string().regex(/^\d{1,32}$/, { error: 'must be a period number' });

export const digit = z.number().int().min(0).max(9);

/**
 * What a bet is on, decided by the special number: 'size' big (5–9) or small (0–4), 'parity' odd
 * or even, 'digit' one number exactly.
 */
export const betKind = z.enum(['size', 'parity', 'digit']);
export type BetKind = z.infer<typeof betKind>;

export const betType = z.object({
  /** big, small, odd, even, digit_0 … digit_9 */
  id: idString,
  name: z.string(),
  kind: betKind,
  /** the number a 'digit' bet is on; null for the others */
  digit: digit.nullable(),
  /** what a winning bet pays per unit staked, the stake included ("1.95" pays 195 on 100) */
  odds: decimalString,
});
export type BetType = z.infer<typeof betType>;

/**
 * SPEC.md §4: countdown to close ('betting'), countdown to open ('closed': bets are closed),
 * the draw itself ('drawing'), and 'drawn' until the next round starts.
 */
export const roundPhase = z.enum(['betting', 'closed', 'drawing', 'drawn']);
export type RoundPhase = z.infer<typeof roundPhase>;

export const drawResult = z.object({
  issue: issueNumber,
  /** the special number the bets are decided on: the last digit of `result` */
  number: digit,
  /** the digits drawn */
  result: z.string().regex(/^\d+$/),
  drawn_at: timestampMs,
});
export type DrawResult = z.infer<typeof drawResult>;

/** The round as getIssue answers it and the Digits topic pushes it. */
export const digitRound = z.object({
  issue: issueNumber,
  phase: roundPhase,
  started_at: timestampMs,
  /** when betting closes */
  close_at: timestampMs,
  /** when the number is drawn */
  open_at: timestampMs,
  /** the server's clock, so the countdowns do not depend on the phone's */
  server_time: timestampMs,
  /** the latest draw (this round's once it is drawn); null before the first round */
  last_draw: drawResult.nullable(),
  /** up to 20 latest draws, newest first */
  recent_draws: z.array(drawResult).max(20),
});
export type DigitRound = z.infer<typeof digitRound>;

export const betStatus = z.enum(['pending', 'won', 'lost', 'cancelled']);
export type BetStatus = z.infer<typeof betStatus>;

export const bet = z.object({
  id: idString,
  issue: issueNumber,
  /** a betType id */
  bet_type: idString,
  bet_name: z.string(),
  amount: decimalString,
  /** the odds fixed when the bet was placed */
  odds: decimalString,
  status: betStatus,
  /** amount × odds when won, else '0' */
  payout: decimalString,
  /** the special number drawn; null until then */
  number: digit.nullable(),
  created_at: timestampMs,
  settled_at: timestampMs.nullable(),
  account_mode: accountMode,
});
export type Bet = z.infer<typeof bet>;

const EXAMPLE_LAST_DRAW = {
  issue: '202511230733',
  number: 8,
  result: '97248',
  drawn_at: 1_763_899_980_000,
} as const;

export const EXAMPLE_ROUND: z.input<typeof digitRound> = {
  issue: '202511230734',
  phase: 'betting',
  started_at: 1_763_899_980_000,
  close_at: 1_763_900_030_000,
  open_at: 1_763_900_040_000,
  server_time: 1_763_900_000_000,
  last_draw: EXAMPLE_LAST_DRAW,
  recent_draws: [
    EXAMPLE_LAST_DRAW,
    { issue: '202511230732', number: 3, result: '97193', drawn_at: 1_763_899_920_000 },
  ],
};

const EXAMPLE_BET = {
  id: '8001',
  issue: '202511230734',
  bet_type: 'big',
  bet_name: 'Big',
  amount: '50.00',
  odds: '1.95',
  status: 'pending',
  payout: '0',
  number: null,
  created_at: 1_763_900_000_000,
  settled_at: null,
  account_mode: 'real',
} as const;

export const digits = {
  digitInfo: endpoint({
    path: '/api/Digits/digitInfo',
    auth: 'guest',
    loading: false,
    summary: 'The Coin Guess rules: bet types with their odds, stake bounds and the round timing.',
    assumed:
      'every field; the bet types (big/small, odd/even, one digit) and odds as a payout multiple, stake included; that stakes come from the fund account',
    request: empty,
    response: z.object({
      bet_types: z.array(betType),
      currency: z.literal('USDT'),
      min_bet: decimalString,
      max_bet: decimalString,
      /** one round, start to draw */
      round_seconds: z.number().int().positive(),
      /** how long bets are taken after a round starts */
      betting_seconds: z.number().int().positive(),
      /** the account stakes are taken from and payouts paid to */
      account: accountKind,
    }),
    example: {
      request: {},
      response: {
        bet_types: [
          { id: 'big', name: 'Big', kind: 'size', digit: null, odds: '1.95' },
          { id: 'small', name: 'Small', kind: 'size', digit: null, odds: '1.95' },
          { id: 'odd', name: 'Odd', kind: 'parity', digit: null, odds: '1.95' },
          { id: 'even', name: 'Even', kind: 'parity', digit: null, odds: '1.95' },
          { id: 'digit_7', name: '7', kind: 'digit', digit: 7, odds: '9.5' },
        ],
        currency: 'USDT',
        min_bet: '1',
        max_bet: '10000',
        round_seconds: 60,
        betting_seconds: 50,
        account: 'fund',
      },
    },
  }),
  getIssue: endpoint({
    path: '/api/Digits/getIssue',
    auth: 'guest',
    loading: false,
    summary: 'The current round, its countdowns and the latest draws.',
    assumed: 'every field; the phase names; the special number as the last digit drawn',
    request: empty,
    response: digitRound,
    example: { request: {}, response: EXAMPLE_ROUND },
  }),
  addBet: endpoint({
    path: '/api/Digits/addBet',
    auth: 'user',
    loading: true,
    summary:
      'Bets on the current round. Code 500 once betting has closed, for another round, or a stake out of bounds.',
    assumed: 'field names; one bet type per call',
    request: z.object({
      issue: issueNumber,
      bet_type: idString,
      amount: enteredDecimal,
    }),
    response: bet,
    example: {
      request: { issue: '202511230734', bet_type: 'big', amount: '50' },
      response: EXAMPLE_BET,
    },
  }),
  betLog: endpoint({
    path: '/api/Digits/betLog',
    auth: 'user',
    loading: false,
    summary: 'Coin Guess bets of the current mode, newest first.',
    assumed: 'field names',
    request: pageRequest.extend({ status: betStatus.optional(), issue: issueNumber.optional() }),
    response: pageOf(bet),
    example: {
      request: { page: 1, limit: 20 },
      response: {
        list: [
          EXAMPLE_BET,
          {
            ...EXAMPLE_BET,
            id: '7990',
            issue: '202511230733',
            bet_type: 'digit_8',
            bet_name: '8',
            amount: '10.00',
            odds: '9.5',
            status: 'won',
            payout: '95.00',
            number: 8,
            created_at: 1_763_899_930_000,
            settled_at: 1_763_899_980_000,
          },
        ],
        total: 2,
        page: 1,
        limit: 20,
      },
    },
  }),
  cancelBet: endpoint({
    path: '/api/Digits/cancelBet',
    auth: 'user',
    loading: true,
    summary: 'Withdraws a bet and returns the stake while its round still takes bets.',
    assumed: 'field `bet_id`; the reply',
    request: z.object({ bet_id: idString }),
    response: bet,
    example: {
      request: { bet_id: '8001' },
      response: { ...EXAMPLE_BET, status: 'cancelled', settled_at: 1_763_900_010_000 },
    },
  }),
};
