import type { AccountMode, OptionDirection, OptionResult, OptionStatus } from '@bourse/protocol';

/**
 * An option order as the engine keeps it: the wire's figures that do not move (the live price,
 * the estimated profit and the audit ticks are read from the market when it is shown), whose it
 * is, and when it begins.
 */
export interface OptionRow {
  id: string;
  order_no: string;
  user_id: string;
  /** the account it moves: the mode the user was on when buying, whatever they switch to later */
  account_mode: AccountMode;
  symbol_id: string;
  symbol: string;
  direction: OptionDirection;
  /** the stake, USDT */
  amount: string;
  duration_id: string;
  seconds: number;
  payout_rate: string;
  created_at: number;
  /** the start the buyer chose; null for now */
  start_at: number | null;
  /** while ordering: when it is due to begin (the start chosen, or the market's opening) */
  begins_at: number | null;
  open_price: string | null;
  open_tick_at: number | null;
  opened_at: number | null;
  settle_at: number | null;
  close_price: string | null;
  close_tick_at: number | null;
  closed_at: number | null;
  status: OptionStatus;
  result: OptionResult | null;
  /** signed, USDT; '0' until settled */
  profit: string;
  /** what went back to the option account, USDT; '0' until settled or cancelled */
  payout: string;
}

/** The options slice of the state. */
export interface OptionsState {
  /** every order ever placed, in the order placed */
  orders: OptionRow[];
  next_id: number;
}

export const emptyOptionsState = (): OptionsState => ({ orders: [], next_id: 7001 });

export const isOpenOption = (row: OptionRow): boolean =>
  row.status === 'ordering' || row.status === 'trading';
