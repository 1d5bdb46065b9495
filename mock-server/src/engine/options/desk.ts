import { OPTION_DURATIONS, OPTION_SETTINGS } from '@bourse/fixtures';
import { D, money } from '@bourse/formulas';
import type { OptionDirection, OptionDuration, OptionOrder } from '@bourse/protocol';
import { EngineError } from '../errors.ts';
import { userAccount } from '../ledger/accounts.ts';
import type { UserRecord } from '../state.ts';
import type { OptionsCore } from './core.ts';
import type { Settlement } from './settlement.ts';
import type { OptionRow } from './types.ts';

export type OptionOrderInput = {
  symbol_id: string;
  duration_id: string;
  direction: OptionDirection;
  amount: string;
  request_id: string;
  quote_price?: string | undefined;
  start_at?: number | undefined;
};

const stamp = (now: number): string => new Date(now).toISOString().replace(/\D/g, '').slice(0, 14);

/**
 * The desk: buying and cancelling. A buy is checked field by field (the duration, the stake's
 * decimals and bounds, the identity on a real account, the open orders, the start, the
 * balance, the market and the quote), then the stake moves from the option account's available
 * part to its frozen part in one ledger transaction and the order is trading at the tick of the
 * moment, or ordering until its start. Each write runs once per request id.
 */
export class Desk {
  constructor(
    private readonly core: OptionsCore,
    private readonly settlement: Settlement,
  ) {}

  duration(id: string): OptionDuration {
    const duration = OPTION_DURATIONS.find((item) => item.id === id);
    if (!duration) throw new EngineError('refused', 'option_duration_unknown');
    if (!duration.open) throw new EngineError('refused', 'option_duration_closed');
    return duration;
  }

  addOrder(userId: string, body: OptionOrderInput): OptionOrder {
    return this.core.requests.once(userId, 'options.addOrder', body, () => {
      const user = this.core.users.get(userId);
      const row = this.place(user, body);
      return this.core.view(row);
    });
  }

  private place(user: UserRecord, body: OptionOrderInput): OptionRow {
    const symbol = this.core.symbolName(body.symbol_id);
    const duration = this.duration(body.duration_id);
    const amount = new D(body.amount);
    if (amount.decimalPlaces() > OPTION_SETTINGS.amount_decimals) {
      throw new EngineError('refused', 'amount_decimals', {
        digits: OPTION_SETTINGS.amount_decimals,
      });
    }
    if (amount.lt(duration.min_amount)) {
      throw new EngineError('refused', 'amount_below_min', { min: duration.min_amount });
    }
    if (amount.gt(duration.max_amount)) {
      throw new EngineError('refused', 'amount_above_max', { max: duration.max_amount });
    }
    const mode = user.account_mode;
    if (mode === 'real' && user.identity_status !== 'verified') {
      throw new EngineError('refused', 'identity_required');
    }
    const open = this.core.openOf(user.user_id).filter((row) => row.account_mode === mode);
    if (open.length >= OPTION_SETTINGS.max_open_orders) {
      throw new EngineError('refused', 'option_too_many', {
        max: OPTION_SETTINGS.max_open_orders,
      });
    }
    const now = this.core.now();
    const latest = now + OPTION_SETTINGS.max_start_delay * 1000;
    if (body.start_at !== undefined && (body.start_at <= now || body.start_at > latest)) {
      throw new EngineError('refused', 'option_start_invalid', {
        hours: OPTION_SETTINGS.max_start_delay / 3600,
      });
    }
    const available = this.core.ledger.account(user.user_id, mode, 'option').available;
    if (amount.gt(available)) throw new EngineError('refused', 'balance_insufficient');

    // now, or at the start chosen, or at the market's opening when it is closed now
    let beginsAt: number | null = null;
    if (body.start_at !== undefined) beginsAt = body.start_at;
    else {
      const opening = this.core.market.nextOpenAt(body.symbol_id, now, latest - now);
      if (opening === null) throw new EngineError('refused', 'market_closed');
      if (opening > now) beginsAt = opening;
      else this.guardQuote(body.symbol_id, body.quote_price);
    }

    const data = this.core.data;
    const id = String(data.next_id);
    data.next_id += 1;
    const row: OptionRow = {
      id,
      order_no: `OP${stamp(now)}${id}`,
      user_id: user.user_id,
      account_mode: mode,
      symbol_id: body.symbol_id,
      symbol,
      direction: body.direction,
      amount: money(amount).toFixed(),
      duration_id: duration.id,
      seconds: duration.seconds,
      payout_rate: duration.payout_rate,
      created_at: now,
      start_at: body.start_at ?? null,
      begins_at: beginsAt,
      open_price: null,
      open_tick_at: null,
      opened_at: null,
      settle_at: null,
      close_price: null,
      close_tick_at: null,
      closed_at: null,
      status: 'ordering',
      result: null,
      profit: '0',
      payout: '0',
    };
    this.core.ledger.post({
      kind: 'option_stake',
      ref_id: row.order_no,
      remark: `${symbol} ${body.direction}`,
      postings: [
        { account: userAccount(user.user_id, mode, 'option'), amount: amount.negated() },
        { account: userAccount(user.user_id, mode, 'option', 'frozen'), amount },
      ],
    });
    data.orders.push(row);
    if (beginsAt === null) this.settlement.open(row, now);
    else this.settlement.schedule(row);
    this.core.publish(row);
    return row;
  }

  /** Refuses a buy whose quoted price the market has since left by more than the tolerance. */
  private guardQuote(symbolId: string, quoted: string | undefined): void {
    if (quoted === undefined || quoted === '') return;
    const last = this.core.market.quote(symbolId, this.core.now()).last;
    const moved = new D(last).minus(quoted).abs().div(quoted);
    if (moved.gt(OPTION_SETTINGS.price_tolerance)) {
      throw new EngineError('refused', 'option_price_moved', { price: last });
    }
  }

  /** Cancels an order still ordering: the whole stake back, once per request id. */
  cancel(userId: string, body: { order_id: string; request_id: string }): OptionOrder {
    return this.core.requests.once(userId, 'options.orderCancel', body, () => {
      const mode = this.core.users.get(userId).account_mode;
      const row = this.core.data.orders.find(
        (item) => item.id === body.order_id && item.user_id === userId,
      );
      if (row?.account_mode !== mode) throw new EngineError('not_found', 'option_not_found');
      if (row.status !== 'ordering') throw new EngineError('refused', 'option_not_cancellable');
      this.settlement.refund(row, null, this.core.now());
      return this.core.view(row);
    });
  }
}
