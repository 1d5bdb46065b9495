import { z } from 'zod/mini';
import { decimalString, idString, pageOf, pageRequest, timestampMs } from '../schemas.ts';
import { endpoint } from './endpoint.ts';

/*
 * Conventions for the trading domains (market, options, contract, account, team, digits):
 * - quantities are in units of the underlying (0.1 = a tenth of a BTC), amounts in USDT;
 * - a `*_rate` or `*_ratio` that a screen shows as a percentage travels as the percentage
 *   ("1.25" is 1.25 %): change_rate, pnl_rate, payout_rate, margin_ratio, deposit_rate, auto_add,
 *   team reward rates;
 * - a fee rate or maintenance margin rate is a multiplier, as index/getConfig's
 *   withdraw_fee_rate is ("0.0005" is 0.05 %);
 * - an exchange rate is units of the other currency per 1 USDT.
 */

/**
 * A number the user types (quantity, price, amount): required, at most 8 decimals, above zero.
 * Shared by the trading domains; it would sit in schemas.ts beside positiveDecimalString.
 */
export const enteredDecimal = z
  .string({
    error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string'),
  })
  .check(
    z.trim(),
    z.minLength(1, { error: 'is required', abort: true }),
    z.regex(/^\d{1,15}(\.\d{1,8})?$/, {
      error: 'must be a number with at most 8 decimals',
      abort: true,
    }),
    z.refine((value) => /[1-9]/.test(value), { error: 'must be greater than zero' }),
  );

/** A price that may be left empty ('' means none: no take profit, no stop loss). */
export const optionalPrice = z
  .string({
    error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string'),
  })
  .check(
    z.trim(),
    z.regex(/^$|^\d{1,15}(\.\d{1,8})?$/, { error: 'must be a price or empty', abort: true }),
    z.refine((value) => value === '' || /[1-9]/.test(value), {
      error: 'must be greater than zero',
    }),
  );

export const klinePeriod = z.enum(['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w', '1M']);
export type KlinePeriod = z.infer<typeof klinePeriod>;
export const KLINE_PERIODS = klinePeriod.options;

/** Most candles one getLogData call returns. */
export const KLINE_LIMIT_MAX = 1500;

export const marketStatus = z.enum(['open', 'closed']);
export type MarketStatus = z.infer<typeof marketStatus>;

/** One symbol's rolling 24 h statistics; the Data24h push carries one per symbol. */
export const ticker = z.object({
  symbol_id: idString,
  /** the ticker as the market writes it, e.g. BTC/USDT */
  symbol: z.string(),
  last_price: decimalString,
  /** the price 24 h ago */
  open: decimalString,
  high: decimalString,
  low: decimalString,
  /** last_price − open, signed */
  change: decimalString,
  /** change ÷ open, as a signed percentage ("-1.25" is −1.25 %) */
  change_rate: decimalString,
  /** 24 h volume in units of the underlying */
  volume: decimalString,
  /** 24 h turnover in the quote currency */
  amount: decimalString,
  /** best bid and ask */
  bid: decimalString,
  ask: decimalString,
  /** whether the symbol trades now (stocks and forex keep hours; crypto is always open) */
  status: marketStatus,
  /** when these numbers were taken */
  time: timestampMs,
});
export type Ticker = z.infer<typeof ticker>;

/**
 * A candle's time in ms since the epoch. Unlike other timestamps it may be negative: a long
 * monthly history (1 000 candles is 83 years) reaches before 1970.
 */
export const candleTime = z.int();

/** One candle; `time` is its opening time. */
export const candle = z.object({
  time: candleTime,
  open: decimalString,
  high: decimalString,
  low: decimalString,
  close: decimalString,
  /** volume in units of the underlying */
  volume: decimalString,
});
export type Candle = z.infer<typeof candle>;

export const EXAMPLE_TICKER = {
  symbol_id: '1',
  symbol: 'BTC/USDT',
  last_price: '97250.50',
  open: '96010.00',
  high: '97800.00',
  low: '95620.10',
  change: '1240.50',
  change_rate: '1.29',
  volume: '18234.5521',
  amount: '1768123456.78',
  bid: '97250.40',
  ask: '97250.60',
  status: 'open',
  time: 1_763_900_000_000,
} as const;

/** The market domain: quotes and candles (SPEC.md §7), and the IPO calls we add (`ipo` below). */
export const market = {
  getSymbol: endpoint({
    path: '/api/trades/getSymbol',
    auth: 'guest',
    loading: false,
    summary: "One symbol's 24 h ticker (404 when there is no symbol by that id).",
    assumed:
      'field `symbol_id`; every reply field; change_rate as a percentage; volume in the underlying and amount in the quote currency',
    request: z.object({ symbol_id: idString }),
    response: ticker,
    example: { request: { symbol_id: '1' }, response: EXAMPLE_TICKER },
  }),
  getLogData: endpoint({
    path: '/api/trades/getLogData',
    auth: 'guest',
    loading: false,
    summary:
      'Candles of one symbol and period, oldest first; the last one may still be forming (the Kline topic updates it).',
    assumed:
      'every field; a time window (`from`/`to`, ms, inclusive, on candle opening times) with `limit` instead of page/limit, because candles are read by time, not by page: without `to` the window ends now, and the newest `limit` candles of the window are returned',
    request: z
      .object({
        symbol_id: idString,
        period: klinePeriod,
        from: z.optional(candleTime),
        to: z.optional(candleTime),
        limit: z._default(
          z
            .number()
            .check(
              z.int(),
              z.gte(1, { error: 'must be at least 1' }),
              z.lte(KLINE_LIMIT_MAX, { error: `must be at most ${KLINE_LIMIT_MAX}` }),
            ),
          500,
        ),
      })
      .check(
        z.refine(
          (body) => body.from === undefined || body.to === undefined || body.from <= body.to,
          {
            error: 'must not be after `to`',
            path: ['from'],
          },
        ),
      ),
    response: z.object({
      symbol_id: idString,
      period: klinePeriod,
      list: z.array(candle),
    }),
    example: {
      request: { symbol_id: '1', period: '1m', limit: 2 },
      response: {
        symbol_id: '1',
        period: '1m',
        list: [
          {
            time: 1_763_899_860_000,
            open: '97190.00',
            high: '97238.20',
            low: '97180.50',
            close: '97231.80',
            volume: '12.4031',
          },
          {
            time: 1_763_899_920_000,
            open: '97231.80',
            high: '97262.00',
            low: '97220.10',
            close: '97250.50',
            volume: '8.1177',
          },
        ],
      },
    },
  }),
};

// ---- IPO ---------------------------------------------------------------------------------

/**
 * An offering's stage, moving on the clock: `subscribing` (Available for Subscription) while the
 * book is open, `submitted` once it closed and orders are being allotted, `pending_listing` once
 * allotted and waiting for the first trading day, `listed` from then on.
 */
export const ipoStatus = z.enum(['subscribing', 'submitted', 'pending_listing', 'listed']);
export type IpoStatus = z.infer<typeof ipoStatus>;
export const IPO_STATUSES = ipoStatus.options;

export const ipoOffering = z.object({
  id: idString,
  /** the ticker it lists under, e.g. CRWV */
  symbol: z.string(),
  /** the company */
  name: z.string(),
  /** an absolute URL or a path on the API host; empty for the lettered fallback */
  icon: z.string(),
  /** where it lists, e.g. NASDAQ */
  exchange: z.string(),
  /** the subscription price per share, in `currency` */
  issue_price: decimalString,
  currency: z.string(),
  /** shares offered */
  shares_offered: decimalString,
  /** the fewest shares one subscription may ask for */
  min_shares: decimalString,
  /** issue_price × shares_offered */
  raise_amount: decimalString,
  subscription_start: timestampMs,
  subscription_end: timestampMs,
  /** when allotments are announced */
  allotment_time: timestampMs,
  /** the first trading day's open */
  listing_time: timestampMs,
  status: ipoStatus,
  /** demand ÷ supply, known once the book closed (null while subscribing) */
  subscription_multiple: z.nullable(decimalString),
  /** the first day's opening price, once listed (null before) */
  listing_price: z.nullable(decimalString),
  /** listing_price against issue_price, as a signed percentage (null before listing) */
  listing_change_rate: z.nullable(decimalString),
  /** a line about the company, in the caller's language */
  summary: z.string(),
  /** a few plain-text paragraphs about the company and the offer, in the caller's language */
  description: z.string(),
});
export type IpoOffering = z.infer<typeof ipoOffering>;

const IPO_ASSUMED =
  'SPEC.md shows IPO screens and statuses but no call for them: the path, every field, and the four status values are ours';

const EXAMPLE_IPO = {
  id: '1',
  symbol: 'NEXA',
  name: 'Nexa Robotics Inc.',
  icon: '',
  exchange: 'NASDAQ',
  issue_price: '24.00',
  currency: 'USD',
  shares_offered: '18000000',
  min_shares: '100',
  raise_amount: '432000000.00',
  subscription_start: 1_763_600_000_000,
  subscription_end: 1_764_000_000_000,
  allotment_time: 1_764_100_000_000,
  listing_time: 1_764_300_000_000,
  status: 'subscribing',
  subscription_multiple: null,
  listing_price: null,
  listing_change_rate: null,
  summary: 'Warehouse robots that pick, pack and sort.',
  description: 'Nexa Robotics builds autonomous robots for warehouses.',
} as const;

export const ipo = {
  getIpoList: endpoint({
    path: '/api/trades/getIpoList',
    auth: 'guest',
    loading: false,
    summary: 'IPO offerings of one status (or all), soonest deadline first.',
    assumed: IPO_ASSUMED,
    extra:
      'the home and IPO screens list offerings by status; SPEC.md §7 names no call that carries them',
    request: z.extend(pageRequest, { status: z.optional(ipoStatus) }),
    response: pageOf(ipoOffering),
    example: {
      request: { status: 'subscribing', page: 1, limit: 20 },
      response: { list: [EXAMPLE_IPO], total: 1, page: 1, limit: 20 },
    },
  }),
  getIpoDetail: endpoint({
    path: '/api/trades/getIpoDetail',
    auth: 'guest',
    loading: true,
    summary: 'One IPO offering (404 when there is none by that id).',
    assumed: IPO_ASSUMED,
    extra: 'the IPO detail view can be opened from a link, without the list in memory',
    request: z.object({ id: idString }),
    response: ipoOffering,
    example: { request: { id: '1' }, response: EXAMPLE_IPO },
  }),
};
