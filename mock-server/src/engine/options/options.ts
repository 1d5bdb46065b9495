import { OPTION_DURATIONS, OPTION_SETTINGS } from '@bourse/fixtures';
import type { OptionDuration, OptionOrder, OptionSettings, OptionStatus } from '@bourse/protocol';
import type { DomainServices } from '../kernel/domain.ts';
import { pageOf, type Page } from '../kernel/page.ts';
import { OptionsCore, type OptionsEvent } from './core.ts';
import { Desk, type OptionOrderInput } from './desk.ts';
import { Settlement } from './settlement.ts';
import type { OptionRow, OptionsState } from './types.ts';

export type { OptionsEvent };

/** the statuses each records tab lists ('settled' lists cancelled orders too) */
const TAB_STATUSES: Readonly<Record<'ordering' | 'trading' | 'settled', readonly OptionStatus[]>> =
  {
    ordering: ['ordering'],
    trading: ['trading'],
    settled: ['settled', 'cancelled'],
  };

/**
 * Timed up/down options (/api/MicroOrders/*), one engine domain in three rooms:
 * - core.ts: the slice, the open orders, the wire view with the live estimate and the audit;
 * - desk.ts: buying (every check, the stake frozen) and cancelling while ordering;
 * - settlement.ts: the clock's work, an order begun at its start and settled at its delivery
 *   from the market's ticks, nothing else deciding a result.
 * Calls answer for the user's current mode; each order moves the account of the mode it was
 * bought on.
 */
export class Options {
  private readonly core: OptionsCore;
  private readonly desk: Desk;
  private readonly settlement: Settlement;

  constructor(services: DomainServices, slice: () => OptionsState) {
    this.core = new OptionsCore(services, slice);
    this.settlement = new Settlement(this.core);
    this.desk = new Desk(this.core, this.settlement);
  }

  onEvent(listener: (event: OptionsEvent) => void): () => void {
    return this.core.events.on(listener);
  }

  /** Takes the open orders from the state again and puts their due work back. */
  reload(): void {
    this.core.reindex();
    this.settlement.reschedule();
  }

  /** The duration table, the desk's rules and the server's time (getSecondList). */
  durations(symbolId: string): {
    symbol_id: string;
    list: OptionDuration[];
    settings: OptionSettings;
    server_time: number;
  } {
    this.core.symbolName(symbolId);
    return {
      symbol_id: symbolId,
      list: [...OPTION_DURATIONS],
      settings: { ...OPTION_SETTINGS },
      server_time: this.core.now(),
    };
  }

  addOrder(userId: string, body: OptionOrderInput): OptionOrder {
    return this.desk.addOrder(userId, body);
  }

  cancel(userId: string, body: { order_id: string; request_id: string }): OptionOrder {
    return this.desk.cancel(userId, body);
  }

  /** The user's orders of the current mode, newest first, by tab, symbol or id. */
  orders(
    userId: string,
    query: {
      status?: 'ordering' | 'trading' | 'settled' | undefined;
      symbol_id?: string | undefined;
      order_id?: string | undefined;
      page: number;
      limit: number;
    },
  ): Page<OptionOrder> {
    const mode = this.core.users.get(userId).account_mode;
    const statuses = query.status === undefined ? null : TAB_STATUSES[query.status];
    const rows = this.core.data.orders
      .filter(
        (row) =>
          row.user_id === userId &&
          row.account_mode === mode &&
          (statuses === null || statuses.includes(row.status)) &&
          (query.symbol_id === undefined || row.symbol_id === query.symbol_id) &&
          (query.order_id === undefined || row.id === query.order_id),
      )
      .toReversed();
    const page = pageOf(rows, query.page, query.limit);
    return { ...page, list: page.list.map((row) => this.core.view(row)) };
  }

  /** Every order of a user, every mode, oldest first: for tests and the control API. */
  orderRows(userId: string): readonly OptionRow[] {
    return this.core.data.orders.filter((row) => row.user_id === userId);
  }

  /** whether the user has an order ordering or trading, in either mode */
  holdsOpen(userId: string): boolean {
    return this.core.openOf(userId).length > 0;
  }
}
