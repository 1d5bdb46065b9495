import type {
  AccountMode,
  AutoMarginRule,
  ContractOrder,
  PositionDirection,
} from '@bourse/protocol';

/** An order as the engine keeps it: the wire's order, whose it is and what it holds frozen. */
export interface ContractOrderRow extends ContractOrder {
  user_id: string;
  /** the fee rate it trades at: maker while it rests, taker when it crosses */
  fee_rate: string;
  /** what the order holds in the contract account's frozen part now (margin + fee), USDT */
  frozen: string;
}

/** A position as the engine keeps it, open or closed; the live figures are computed when shown. */
export interface PositionRow {
  id: string;
  user_id: string;
  account_mode: AccountMode;
  symbol_id: string;
  symbol: string;
  direction: PositionDirection;
  /** the volume held ('0' once closed) */
  quantity: string;
  /** the average open price, to 8 decimals: the figure every formula takes */
  entry_price: string;
  /** isolated margin now, USDT ('0' once closed) */
  margin: string;
  leverage: number;
  take_profit: string;
  stop_loss: string;
  opened_at: number;
  updated_at: number;
  /** null while open */
  closed_at: number | null;
  /** summed realised PnL of its closes (a liquidation's loss included), USDT, signed */
  realized_pnl: string;
  /** summed trading fees of its opens and closes, USDT */
  fees: string;
  /**
   * the unrealised loss at which auto-margin last topped it up (null: never): it tops up again
   * only once the loss grows beyond it, so the same price never tops up twice
   */
  auto_margin_loss: string | null;
}

/** The contract engine's part of the mock's state. */
export interface ContractsState {
  next_order_id: number;
  next_position_id: number;
  orders: ContractOrderRow[];
  positions: PositionRow[];
  /** the auto-margin rule, by `<user id>:<mode>` (absent: the fixtures' default) */
  strategies: Record<string, AutoMarginRule>;
  /** the leverage id the user last chose, by `<user id>:<mode>:<symbol id>` */
  leverages: Record<string, string>;
}

export const emptyContractsState = (): ContractsState => ({
  next_order_id: 1,
  next_position_id: 1,
  orders: [],
  positions: [],
  strategies: {},
  leverages: {},
});
