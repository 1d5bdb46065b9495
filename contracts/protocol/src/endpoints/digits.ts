import { z } from 'zod/mini';
import { decimalString, idString, pageOf, pageRequest, requestId } from '../schemas.ts';
import { accountKind } from './account.ts';
import { endpoint } from './endpoint.ts';
import { enteredDecimal } from './market.ts';
import {
  issueNumber,
  betType,
  type DrawResult,
  digitRound,
  betStatus,
  bet,
  type Bet,
} from './digits-schema.ts';

export * from './digits-schema.ts';

const EXAMPLE_DRAW: DrawResult = {
  issue: '20251123-0733',
  digits: [6, 6, 8],
  number: 20,
  drawn_at: 1_763_899_980_000,
  commitment: '4884fdaafea47c29fea7159d0daddd9c085d6200e1359e85bb81736af6b7c837',
  seed: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
};

export const EXAMPLE_ROUND: z.input<typeof digitRound> = {
  issue: '20251123-0734',
  phase: 'betting',
  opened_at: 1_763_899_980_000,
  close_at: 1_763_900_025_000,
  draw_at: 1_763_900_035_000,
  next_open_at: 1_763_900_040_000,
  server_time: 1_763_900_000_000,
  commitment: '66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925',
  draw: null,
  recent_draws: [EXAMPLE_DRAW],
};

const EXAMPLE_BET = {
  id: '8001',
  issue: '20251123-0734',
  bet_type: 'big',
  amount: '50.00',
  odds: '1.94',
  status: 'pending',
  payout: '0.00',
  draw: null,
  commitment: '66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925',
  created_at: 1_763_900_000_000,
  settled_at: null,
  account_mode: 'real',
} as const satisfies Bet;

export const digits = {
  digitInfo: endpoint({
    path: '/api/Digits/digitInfo',
    auth: 'guest',
    loading: false,
    summary:
      'The Coin Guess rules: every bet type with its chance, odds and stake bounds, the published house edge, the limits and the period timing.',
    assumed:
      'every field; odds as a payout multiple, stake included; that stakes come from the fund account',
    request: z.object({}),
    response: z.object({
      bet_types: z.array(betType),
      currency: z.literal('USDT'),
      /** the house's share of every bet's fair price, a fraction ("0.03") */
      house_edge: decimalString,
      /** the most one user may stake on one period, every type together */
      max_per_period: decimalString,
      /** one period, opening to opening */
      round_seconds: z.int().check(z.positive()),
      /** bets close this long before the draw */
      closing_seconds: z.int().check(z.positive()),
      /** the result is shown this long before the next period opens */
      drawn_seconds: z.int().check(z.nonnegative()),
      /** the account stakes are taken from and payouts paid to */
      account: accountKind,
    }),
    example: {
      request: {},
      response: {
        bet_types: [
          {
            id: 'big',
            kind: 'size',
            sum: null,
            probability: '0.5',
            odds: '1.94',
            min_amount: '1',
            max_amount: '10000',
          },
          {
            id: 'big_even',
            kind: 'combo',
            sum: null,
            probability: '0.269',
            odds: '3.60',
            min_amount: '1',
            max_amount: '5000',
          },
          {
            id: 'sum_13',
            kind: 'sum',
            sum: 13,
            probability: '0.075',
            odds: '12.93',
            min_amount: '1',
            max_amount: '1000',
          },
        ],
        currency: 'USDT',
        house_edge: '0.03',
        max_per_period: '20000',
        round_seconds: 60,
        closing_seconds: 10,
        drawn_seconds: 5,
        account: 'fund',
      },
    },
  }),
  getIssue: endpoint({
    path: '/api/Digits/getIssue',
    auth: 'guest',
    loading: false,
    summary: 'The current period, its phase and countdowns, its commitment, and the latest draws.',
    assumed: 'every field; the phase names; `recent` (ours: how many draws, default 20)',
    request: z.object({ recent: z.optional(z.int().check(z.gte(1), z.lte(100))) }),
    response: digitRound,
    example: { request: {}, response: EXAMPLE_ROUND },
  }),
  addBet: endpoint({
    path: '/api/Digits/addBet',
    auth: 'user',
    loading: true,
    summary:
      "Bets on the current period: the stake moves to the fund account's frozen part. Code 500 once betting has closed, for another period, a stake out of bounds or over the period's total, a bet against one already placed (big and small), or the balance short.",
    assumed: 'field names; one bet type per call; `request_id` (ours: one per intent)',
    request: z.object({
      issue: issueNumber,
      bet_type: idString,
      amount: enteredDecimal,
      request_id: requestId,
    }),
    response: bet,
    example: {
      request: {
        issue: '20251123-0734',
        bet_type: 'big',
        amount: '50',
        request_id: '6c7d8e9f-0a1b-4c2d-9e3f-4a5b6c7d8e9f',
      },
      response: EXAMPLE_BET,
    },
  }),
  betLog: endpoint({
    path: '/api/Digits/betLog',
    auth: 'user',
    loading: false,
    summary: "Coin Guess bets of the current mode, newest first, each with its period's proof.",
    assumed: 'field names',
    request: z.extend(pageRequest, {
      status: z.optional(betStatus),
      issue: z.optional(issueNumber),
    }),
    response: pageOf(bet),
    example: {
      request: { page: 1, limit: 20 },
      response: {
        list: [
          EXAMPLE_BET,
          {
            ...EXAMPLE_BET,
            id: '7990',
            issue: '20251123-0733',
            bet_type: 'sum_20',
            amount: '10.00',
            odds: '24.25',
            status: 'won',
            payout: '242.50',
            draw: EXAMPLE_DRAW,
            commitment: EXAMPLE_DRAW.commitment,
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
    summary: 'Withdraws a bet and returns the whole stake while its period still takes bets.',
    assumed: 'field `bet_id`; the reply; `request_id` (ours)',
    request: z.object({ bet_id: idString, request_id: requestId }),
    response: bet,
    example: {
      request: { bet_id: '8001', request_id: '7d8e9f0a-1b2c-4d3e-8f4a-5b6c7d8e9f0a' },
      response: {
        ...EXAMPLE_BET,
        status: 'cancelled',
        payout: '50.00',
        settled_at: 1_763_900_010_000,
      },
    },
  }),
};
