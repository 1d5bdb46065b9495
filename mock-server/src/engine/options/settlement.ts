import { money } from '@bourse/formulas';
import { optionOutcome, optionPayout, optionResultProfit } from '@bourse/formulas/options';
import type { OptionResult } from '@bourse/protocol';
import { SYSTEM_ACCOUNTS, userAccount } from '../ledger/accounts.ts';
import type { PostingInput } from '../ledger/ledger.ts';
import type { OptionsCore } from './core.ts';
import type { OptionRow } from './types.ts';

/** how far past a wanted start a closed market's opening may be before the order is void */
const OPENING_HORIZON_MS = 10 * 86_400_000;

const beginKey = (id: string): string => `option:begin:${id}`;
const settleKey = (id: string): string => `option:settle:${id}`;

/**
 * What the clock does to an order: an ordering one begins at its start (its entry the tick of
 * that moment, or of the market's opening), a trading one settles at its delivery. Both are due
 * work on the engine's scheduler, each a conditional change (it runs only on the status it is
 * for) booked with the ledger entries of the order in one step, so an order overdue after a
 * restart is settled once, with the prices of its own delivery time.
 */
export class Settlement {
  constructor(private readonly core: OptionsCore) {}

  /** Puts every open order's due work back from the state (a load, a restore). */
  reschedule(): void {
    for (const row of this.core.openOrders()) this.schedule(row);
  }

  schedule(row: OptionRow): void {
    const { id } = row;
    if (row.status === 'ordering' && row.begins_at !== null) {
      this.core.clock.schedule(beginKey(id), row.begins_at, (at) => {
        this.begin(id, at);
      });
    } else if (row.status === 'trading' && row.settle_at !== null) {
      this.core.clock.schedule(settleKey(id), row.settle_at, (at) => {
        this.settle(id, at);
      });
    }
  }

  unschedule(row: OptionRow): void {
    this.core.clock.cancel(beginKey(row.id));
    this.core.clock.cancel(settleKey(row.id));
  }

  /**
   * Opens `row` at `at`: the entry is the tick of that second. A market closed at `at` moves the
   * start to its opening; one that does not open within ten days returns the stake (void).
   */
  begin(id: string, at: number): void {
    const row = this.core.openById(id);
    if (row?.status !== 'ordering') return;
    const opening = this.core.market.nextOpenAt(row.symbol_id, at, OPENING_HORIZON_MS);
    if (opening === null) {
      this.refund(row, 'void', at);
      return;
    }
    if (opening > at) {
      row.begins_at = opening;
      this.core.store.changed();
      this.schedule(row);
      return;
    }
    this.open(row, at);
    this.core.publish(row);
  }

  /** Sets an order trading from `at`, at the tick of that second (the market is open). */
  open(row: OptionRow, at: number): void {
    const tick = this.core.market.tickAt(row.symbol_id, at);
    if (tick === null) throw new Error(`no tick for ${row.symbol_id} at ${String(at)}`);
    row.status = 'trading';
    row.begins_at = null;
    row.open_price = tick.price;
    row.open_tick_at = tick.time;
    row.opened_at = at;
    row.settle_at = at + row.seconds * 1000;
    this.schedule(row);
  }

  /**
   * Settles at delivery: the exit is the last tick at or before it, after the entry. Up wins if
   * it is above the entry, down if below; equal is a draw; no tick after the entry is void.
   */
  settle(id: string, at: number): void {
    const row = this.core.openById(id);
    if (row?.status !== 'trading' || row.settle_at === null || row.open_tick_at === null) return;
    if (row.open_price === null) return;
    const delivery = row.settle_at;
    const exit = this.core.market.tickAt(row.symbol_id, delivery);
    if (exit === null || exit.time <= row.open_tick_at) {
      this.refund(row, 'void', Math.max(at, delivery));
      return;
    }
    row.close_price = exit.price;
    row.close_tick_at = exit.time;
    const outcome = optionOutcome(row.direction, row.open_price, exit.price);
    if (outcome === 'draw') {
      this.refund(row, 'draw', Math.max(at, delivery));
      return;
    }
    const frozen = userAccount(row.user_id, row.account_mode, 'option', 'frozen');
    const available = userAccount(row.user_id, row.account_mode, 'option');
    const profit = optionResultProfit(outcome, row.amount, row.payout_rate);
    const postings: PostingInput[] =
      outcome === 'win'
        ? [
            { account: frozen, amount: money(row.amount).negated() },
            { account: available, amount: optionPayout(row.amount, row.payout_rate) },
            { account: SYSTEM_ACCOUNTS.optionsHouse, amount: profit.negated() },
          ]
        : [
            { account: frozen, amount: money(row.amount).negated() },
            { account: SYSTEM_ACCOUNTS.optionsHouse, amount: money(row.amount) },
          ];
    this.core.ledger.post({
      kind: 'option_settle',
      ref_id: row.order_no,
      remark: `${row.symbol} ${row.direction} ${outcome}`,
      postings: postings.filter((posting) => !money(posting.amount).isZero()),
    });
    row.status = 'settled';
    row.result = outcome;
    row.profit = profit.toFixed();
    row.payout = outcome === 'win' ? optionPayout(row.amount, row.payout_rate).toFixed() : '0';
    row.closed_at = Math.max(at, delivery);
    this.core.publish(row);
  }

  /**
   * Returns the whole stake: a draw or a void at settlement, or a cancel while ordering (`result`
   * null), in one ledger transaction with the change of status.
   */
  refund(row: OptionRow, result: Extract<OptionResult, 'draw' | 'void'> | null, at: number): void {
    this.unschedule(row);
    this.core.ledger.post({
      kind: 'option_refund',
      ref_id: row.order_no,
      remark: `${row.symbol} ${row.direction} ${result ?? 'cancelled'}`,
      postings: [
        {
          account: userAccount(row.user_id, row.account_mode, 'option', 'frozen'),
          amount: money(row.amount).negated(),
        },
        {
          account: userAccount(row.user_id, row.account_mode, 'option'),
          amount: money(row.amount),
        },
      ],
    });
    row.status = result === null ? 'cancelled' : 'settled';
    row.result = result;
    row.begins_at = null;
    row.profit = '0';
    row.payout = money(row.amount).toFixed();
    row.closed_at = at;
    this.core.publish(row);
  }
}
