import { D } from '@bourse/formulas';
import type {
  AccountMode,
  ContractOrder,
  ContractOrderStatus,
  OrderSource,
} from '@bourse/protocol';

/** SPEC.md §4's names of the statuses, as translation keys. */
export const ORDER_STATUS_KEYS: Record<ContractOrderStatus, string> = {
  pending: 'contractLog.status.pending',
  partially_filled: 'contractLog.status.partiallyFilled',
  filled: 'contractLog.status.filled',
  completed: 'contractLog.status.completed',
  cancelled: 'contractLog.status.cancelled',
  closed: 'contractLog.status.closed',
};

/** Who closed a position: the user, take profit, stop loss or liquidation. */
export const SOURCE_KEYS: Record<OrderSource, string> = {
  user: 'contractDetail.source.user',
  take_profit: 'contractDetail.source.takeProfit',
  stop_loss: 'contractDetail.source.stopLoss',
  liquidation: 'contractDetail.source.liquidation',
};

/** A closing order that traded something: one close of a position (in part or in full). */
export const isClose = (order: ContractOrder): boolean =>
  order.reduce_only && new D(order.filled_quantity).gt(0);

/** What the history says of one position, from the orders that opened and closed it. */
export interface PositionSummary {
  readonly id: string;
  readonly symbol: string;
  readonly direction: 'long' | 'short';
  readonly leverage: number;
  /** the quantity opened in all */
  readonly quantity: string;
  /** the quantity closed so far */
  readonly closedQuantity: string;
  /** the average price it was opened at; null when no opening order is in the history */
  readonly entryPrice: string | null;
  /** the average price it was closed at; null until something closed */
  readonly exitPrice: string | null;
  /** the sum of the closes' realised PnL */
  readonly realizedPnl: string;
  /** every fee the position's orders paid, opening and closing */
  readonly fees: string;
  /** when the first opening order filled; null when no opening order is in the history */
  readonly openedAt: number | null;
  /** when the last close traded, if the position is closed */
  readonly closedAt: number | null;
  /** closed in full: an opening order of it is Closed */
  readonly closed: boolean;
  /** who closed it last; null until something closed */
  readonly source: OrderSource | null;
  /** the accounts it was traded on, as its orders say */
  readonly accountMode: AccountMode;
}

const weightedPrice = (orders: readonly ContractOrder[]): string | null => {
  const traded = orders.filter(
    (order) => order.avg_price !== null && new D(order.filled_quantity).gt(0),
  );
  const qty = traded.reduce((sum, order) => sum.plus(order.filled_quantity), new D(0));
  if (qty.isZero()) return null;
  return traded
    .reduce(
      (sum, order) => sum.plus(new D(order.filled_quantity).times(order.avg_price ?? 0)),
      new D(0),
    )
    .dividedBy(qty)
    .toFixed();
};

/** The position the orders belong to, summed up; null when none belongs to it. */
export function summarisePosition(
  positionId: string,
  orders: readonly ContractOrder[],
): PositionSummary | null {
  const own = orders.filter((order) => order.position_id === positionId);
  const first = own[0];
  if (first === undefined) return null;
  const opens = own.filter((order) => !order.reduce_only && new D(order.filled_quantity).gt(0));
  const closes = own.filter(isClose);
  const lastClose = [...closes].sort((a, b) => b.updated_at - a.updated_at)[0];
  const closed = opens.some((order) => order.status === 'closed');
  const sum = (list: readonly ContractOrder[], field: 'filled_quantity' | 'fee' | 'realized_pnl') =>
    list.reduce((total, order) => total.plus(order[field]), new D(0)).toFixed();
  const opener = opens[0] ?? first;
  return {
    id: positionId,
    symbol: first.symbol,
    direction: opener.action === 'open_long' || opener.action === 'close_long' ? 'long' : 'short',
    leverage: opener.leverage,
    quantity: sum(opens, 'filled_quantity'),
    closedQuantity: sum(closes, 'filled_quantity'),
    entryPrice: weightedPrice(opens),
    exitPrice: weightedPrice(closes),
    realizedPnl: sum(closes, 'realized_pnl'),
    fees: sum(
      own.filter((order) => new D(order.filled_quantity).gt(0)),
      'fee',
    ),
    // when the first opening order traded (its updated_at, which a Closed one keeps), not when
    // it was placed: a limit order may rest a long time before it opens anything
    openedAt: opens.length === 0 ? null : Math.min(...opens.map((order) => order.updated_at)),
    closedAt: closed && lastClose !== undefined ? lastClose.updated_at : null,
    closed,
    source: lastClose?.source ?? null,
    accountMode: first.account_mode,
  };
}
