import { OPTION_AUDIT_TICKS, SYMBOLS } from '@bourse/fixtures';
import { optionEstimate } from '@bourse/formulas/options';
import type { OptionOrder, OptionTick } from '@bourse/protocol';
import { EngineError } from '../errors.ts';
import type { EngineClock } from '../kernel/clockwork.ts';
import type { DomainServices } from '../kernel/domain.ts';
import { Emitter } from '../kernel/emitter.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { wireAmount } from '../ledger/money.ts';
import type { Requests } from '../ledger/requests.ts';
import type { Market } from '../market/index.ts';
import type { StateStore } from '../state.ts';
import type { Users } from '../users/users.ts';
import { isOpenOption, type OptionRow, type OptionsState } from './types.ts';

/** What the options engine tells the outside (the owner's sockets) about. */
export type OptionsEvent = { type: 'option'; userId: string; order: OptionOrder };

const TICK_MS = 1000;
const SYMBOL_NAMES = new Map<string, string>(SYMBOLS.map((symbol) => [symbol.id, symbol.symbol]));

/**
 * What the options modules share: the slice, the open orders indexed, the market's ticks, the
 * ledger and the one place a change of an order is told about (`publish`).
 */
export class OptionsCore {
  readonly events = new Emitter<OptionsEvent>();
  readonly store: StateStore;
  readonly clock: EngineClock;
  readonly users: Users;
  readonly market: Market;
  readonly ledger: Ledger;
  readonly requests: Requests;
  /** the orders ordering or trading, by id */
  private readonly open = new Map<string, OptionRow>();
  /** the same, by owner: a buy counts the buyer's own, not every open order there is */
  private readonly openByUser = new Map<string, Map<string, OptionRow>>();

  constructor(
    services: DomainServices,
    private readonly slice: () => OptionsState,
  ) {
    this.store = services.store;
    this.clock = services.clock;
    this.users = services.users;
    this.market = services.market;
    this.ledger = services.ledger;
    this.requests = services.requests;
  }

  get data(): OptionsState {
    return this.slice();
  }

  now(): number {
    return this.clock.now();
  }

  /** Takes the open orders from the state again (a scenario load, a restore). */
  reindex(): void {
    this.open.clear();
    this.openByUser.clear();
    for (const row of this.data.orders) this.track(row);
  }

  /** keeps the indexes of open orders in step with `row`'s status */
  private track(row: OptionRow): void {
    const mine = this.openByUser.get(row.user_id);
    if (isOpenOption(row)) {
      this.open.set(row.id, row);
      if (mine) mine.set(row.id, row);
      else this.openByUser.set(row.user_id, new Map([[row.id, row]]));
      return;
    }
    this.open.delete(row.id);
    mine?.delete(row.id);
    if (mine?.size === 0) this.openByUser.delete(row.user_id);
  }

  /** an order still ordering or trading, by id */
  openById(id: string): OptionRow | undefined {
    return this.open.get(id);
  }

  openOrders(): readonly OptionRow[] {
    return [...this.open.values()];
  }

  /** a user's orders still ordering or trading, either mode */
  openOf(userId: string): OptionRow[] {
    return [...(this.openByUser.get(userId)?.values() ?? [])];
  }

  symbolName(symbolId: string): string {
    const name = SYMBOL_NAMES.get(symbolId);
    if (name === undefined || !this.market.has(symbolId)) {
      throw new EngineError('not_found', 'symbol_not_found');
    }
    return name;
  }

  /** an order changed: the state is marked, the index kept, its owner told */
  publish(row: OptionRow): void {
    this.track(row);
    this.store.changed();
    this.events.emit({ type: 'option', userId: row.user_id, order: this.view(row) });
  }

  /** the ticks within OPTION_AUDIT_TICKS seconds of `at`, as far as now */
  private around(symbolId: string, at: number | null): OptionTick[] {
    if (at === null) return [];
    const span = OPTION_AUDIT_TICKS * TICK_MS;
    return this.market.ticksBetween(symbolId, at - span, Math.min(at + span, this.now()));
  }

  /** An order as the wire shows it: the live price and estimate while it trades, its audit. */
  view(row: OptionRow): OptionOrder {
    const trading = row.status === 'trading' && row.open_price !== null;
    const current = trading
      ? this.market.quote(row.symbol_id, this.now()).last
      : (row.close_price ?? null);
    const profit =
      trading && current !== null && row.open_price !== null
        ? optionEstimate(
            row.direction,
            row.amount,
            row.payout_rate,
            row.open_price,
            current,
          ).toFixed()
        : row.profit;
    return {
      id: row.id,
      order_no: row.order_no,
      symbol_id: row.symbol_id,
      symbol: row.symbol,
      direction: row.direction,
      amount: wireAmount(row.amount),
      fee: wireAmount('0'),
      duration_id: row.duration_id,
      seconds: row.seconds,
      payout_rate: row.payout_rate,
      open_price: row.open_price,
      open_tick_at: row.open_tick_at,
      current_price: current,
      close_price: row.close_price,
      close_tick_at: row.close_tick_at,
      created_at: row.created_at,
      start_at: row.start_at,
      opened_at: row.opened_at,
      settle_at: row.settle_at,
      closed_at: row.closed_at,
      status: row.status,
      result: row.result,
      profit: wireAmount(profit),
      payout: wireAmount(row.payout),
      audit: {
        entry: this.around(row.symbol_id, row.open_tick_at),
        exit: this.around(row.symbol_id, row.close_tick_at),
      },
      account_mode: row.account_mode,
    };
  }
}
