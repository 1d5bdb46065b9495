/**
 * The options wire's shapes apart from its endpoints and their examples: what parsing a push
 * needs, so a screen that only reads pushes does not load the examples.
 */
import { z } from 'zod/mini';
import { accountMode, decimalString, idString, timestampMs } from '../schemas.ts';

/** SPEC.md §9: the time units an option duration is written in. */
export const optionUnit = z.enum(['second', 'minute', 'hour', 'day', 'week', 'month']);
export type OptionUnit = z.infer<typeof optionUnit>;

/** One duration a symbol offers, with its payout and stake bounds. */
export const optionDuration = z.object({
  id: idString,
  /** the whole duration in seconds (a month counts as 30 days) */
  seconds: z.int().check(z.positive()),
  unit: optionUnit,
  /** how many units: 30 with 'second' is "30 s" */
  value: z.int().check(z.positive()),
  /** the profit on a win as a percentage of the stake ("85" pays 85 USDT on 100) */
  payout_rate: decimalString,
  min_amount: decimalString,
  max_amount: decimalString,
  /** whether it takes orders now (a duration the desk has closed is listed, greyed) */
  open: z.boolean(),
});
export type OptionDuration = z.infer<typeof optionDuration>;

/** The desk's rules, the same for every duration. */
export const optionSettings = z.object({
  /** orders one user may have ordering or trading at once, per account */
  max_open_orders: z.int().check(z.positive()),
  /** decimals a stake may carry */
  amount_decimals: z.int().check(z.nonnegative()),
  /** what a settlement at the entry price does: 'refund' returns the stake */
  tie_rule: z.literal('refund'),
  /**
   * how far (a fraction: "0.002" is 0.2 %) the price may have moved from the quote a buyer saw
   * before the order is refused with the new price
   */
  price_tolerance: decimalString,
  /** the latest start time an order may choose, in seconds from now */
  max_start_delay: z.int().check(z.nonnegative()),
});
export type OptionSettings = z.infer<typeof optionSettings>;

export const optionDirection = z.enum(['up', 'down']);
export type OptionDirection = z.infer<typeof optionDirection>;

/**
 * SPEC.md §4 shows Trading, Ordering and Settled. 'ordering': accepted, waiting for its start
 * (a start time chosen, or the market's opening when it is closed), its stake held; 'trading':
 * open at its entry tick, counting down to settle_at; 'settled': decided at settle_at;
 * 'cancelled': withdrawn while still ordering, its stake returned.
 */
export const optionStatus = z.enum(['ordering', 'trading', 'settled', 'cancelled']);
export type OptionStatus = z.infer<typeof optionStatus>;

/** The tabs of the options records; 'settled' lists cancelled orders too. */
export const optionListStatus = z.enum(['ordering', 'trading', 'settled']);

/**
 * 'win' and 'lose' by the exit against the entry; 'draw' when they are equal (the stake is
 * returned); 'void' when the market printed no price between entry and delivery (a feed gap, a
 * market that closed): the stake is returned.
 */
export const optionResult = z.enum(['win', 'lose', 'draw', 'void']);
export type OptionResult = z.infer<typeof optionResult>;

/** One price of the feed: what the market printed at a whole second. */
export const optionTick = z.object({ time: timestampMs, price: decimalString });
export type OptionTick = z.infer<typeof optionTick>;

/**
 * The ticks that decided an order, as Deriv's audit shows them: those around the entry tick and
 * around the exit tick, oldest first, each list holding its decisive tick.
 */
export const optionAudit = z.object({
  entry: z.array(optionTick),
  exit: z.array(optionTick),
});
export type OptionAudit = z.infer<typeof optionAudit>;

export const optionOrder = z.object({
  id: idString,
  order_no: z.string(),
  symbol_id: idString,
  symbol: z.string(),
  direction: optionDirection,
  /** the stake, USDT, taken from the option account */
  amount: decimalString,
  /** the fee taken on top of the stake when the order was placed */
  fee: decimalString,
  duration_id: idString,
  /** the duration in seconds, copied from the duration chosen */
  seconds: z.int().check(z.positive()),
  /** the payout percentage fixed when the order was placed */
  payout_rate: decimalString,
  /** null while ordering */
  open_price: z.nullable(decimalString),
  /** the time of the entry tick; null while ordering */
  open_tick_at: z.nullable(timestampMs),
  /** the latest price while trading; the closing price once settled; null while ordering */
  current_price: z.nullable(decimalString),
  /** null until settled (and when void) */
  close_price: z.nullable(decimalString),
  /** the time of the exit tick: the last at or before settle_at; null until settled or void */
  close_tick_at: z.nullable(timestampMs),
  created_at: timestampMs,
  /** the start time chosen, if one was; null for "now" */
  start_at: z.nullable(timestampMs),
  /** null while ordering */
  opened_at: z.nullable(timestampMs),
  /** the delivery time: opened_at + seconds; null while ordering */
  settle_at: z.nullable(timestampMs),
  /** when it was settled or cancelled; null before */
  closed_at: z.nullable(timestampMs),
  status: optionStatus,
  /** null until settled */
  result: z.nullable(optionResult),
  /**
   * signed, USDT: while trading the profit if it settled at current_price, once settled the
   * final one (stake × payout_rate ÷ 100 on a win, −stake on a loss, 0 on a draw or void)
   */
  profit: decimalString,
  /** what went back to the option account: stake + profit on a win, the stake on a draw, void or cancel, 0 otherwise */
  payout: decimalString,
  audit: optionAudit,
  account_mode: accountMode,
});
export type OptionOrder = z.infer<typeof optionOrder>;
