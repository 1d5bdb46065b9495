/**
 * The trigger books: where a position or a resting order asks to be looked at, never later than
 * the formulas fire it, and which subjects a price reaches.
 */
import { isLiquidated, liquidationPrice } from '@bourse/formulas';
import { describe, expect, it } from 'vitest';
import { TriggerBooks } from './trigger-books.ts';
import type { ContractOrderRow, ContractsState, PositionRow } from './types.ts';

const position = (fields: Partial<PositionRow> = {}): PositionRow => ({
  id: '1',
  user_id: 'u1',
  account_mode: 'real',
  symbol_id: 'btcusdt',
  symbol: 'BTC/USDT',
  direction: 'long',
  quantity: '1',
  entry_price: '20000',
  margin: '400',
  leverage: 50,
  take_profit: '',
  stop_loss: '',
  opened_at: 0,
  updated_at: 0,
  closed_at: null,
  realized_pnl: '0',
  fees: '0',
  auto_margin_loss: null,
  ...fields,
});

const limit = (fields: Partial<ContractOrderRow>): ContractOrderRow =>
  ({
    id: '7',
    symbol_id: 'btcusdt',
    side: 'buy',
    type: 'limit',
    price: '19950',
    status: 'pending',
    reduce_only: false,
    position_id: null,
    ...fields,
  }) as ContractOrderRow;

const books = (strategies: ContractsState['strategies'] = {}) => new TriggerBooks(() => strategies);
const watch = (book: TriggerBooks) => [...book.watches()][0];

describe('the trigger books', () => {
  it('looks for a long’s take profit above and its stop loss and liquidation below, at or before each', () => {
    const book = books();
    book.trackPosition(position({ take_profit: '21000', stop_loss: '19800' }));
    const levels = watch(book);
    expect(levels?.above).toBeLessThanOrEqual(21000);
    expect(levels?.above).toBeGreaterThan(20999.99);
    // the nearest below is the stop loss, above the liquidation price of 19 700
    expect(levels?.below).toBeGreaterThanOrEqual(19800);
    expect(book.reached('btcusdt', 20500)).toEqual({ orders: [], positions: [] });
    expect(book.reached('btcusdt', 21000).positions).toEqual(['1']);
    expect(book.reached('btcusdt', 19800).positions).toEqual(['1']);
  });

  it('puts the liquidation level where the formulas liquidate, never after, for a long and a short', () => {
    for (const direction of ['long', 'short'] as const) {
      const book = books();
      const row = position({ direction });
      book.trackPosition(row);
      const levels = watch(book);
      const level = direction === 'long' ? levels?.below : levels?.above;
      if (level === undefined || level === null) throw new Error('no liquidation level');
      const terms = {
        direction,
        qty: row.quantity,
        entry: row.entry_price,
        margin: row.margin,
        maintenanceRate: '0.005',
      };
      // a cent before the level is not liquidated; at the level the book already looks
      const before = direction === 'long' ? level + 0.01 : level - 0.01;
      expect(isLiquidated(terms, before.toFixed(2))).toBe(false);
      const shown = Number(liquidationPrice(terms));
      expect(direction === 'long' ? level >= shown : level <= shown).toBe(true);
    }
  });

  it('adds an auto-margin level only while the owner’s rule is on, and moves it past the last top-up', () => {
    const strategies: ContractsState['strategies'] = {};
    const book = books(strategies);
    book.trackPosition(position());
    const withoutRule = watch(book)?.below;
    strategies['u1:real'] = { enabled: true, deposit_rate: '50', auto_add: '25' };
    book.trackPosition(position());
    // a loss of 50 % of 400 on 1 BTC: at 19 800
    expect(watch(book)?.below).toBeCloseTo(19800, 3);
    expect(withoutRule).toBeLessThan(19800);
    book.trackPosition(position({ auto_margin_loss: '300' }));
    expect(watch(book)?.below).toBeCloseTo(19700, 3);
  });

  it('keeps a resting limit by its side, forgets it once it is no longer open, and a closed position too', () => {
    const book = books();
    book.trackOrder(limit({ side: 'buy', price: '19950' }));
    book.trackOrder(limit({ id: '8', side: 'sell', price: '20100' }));
    expect(book.reached('btcusdt', 19950).orders).toEqual(['7']);
    expect(book.reached('btcusdt', 20100).orders).toEqual(['8']);
    book.trackOrder(limit({ status: 'filled' }));
    book.trackOrder(limit({ id: '8', side: 'sell', price: '20100', status: 'cancelled' }));
    book.trackPosition(position({ closed_at: 5 }));
    expect([...book.watches()]).toEqual([]);
  });

  it('changes a symbol’s version whenever its levels do', () => {
    const book = books();
    book.trackPosition(position({ take_profit: '21000' }));
    const first = watch(book)?.version;
    book.trackPosition(position({ take_profit: '21500' }));
    expect(watch(book)?.version).not.toBe(first);
    expect(watch(book)?.above).toBeGreaterThan(21499.99);
  });

  it('reaches every subject at one level, orders before positions, each list in number order', () => {
    const book = books();
    for (const id of ['10', '9', '100'])
      book.trackOrder(limit({ id, side: 'buy', price: '19950' }));
    book.trackPosition(position({ id: '12', take_profit: '', stop_loss: '19950' }));
    book.trackPosition(position({ id: '3', take_profit: '', stop_loss: '19950' }));
    expect(book.reached('btcusdt', 19950)).toEqual({
      orders: ['9', '10', '100'],
      positions: ['3', '12'],
    });
    // a symbol with nothing to look for reaches nothing
    expect(book.reached('ethusdt', 19950)).toEqual({ orders: [], positions: [] });
  });

  it('reaches a level exactly at it, from either side', () => {
    const book = books();
    book.trackOrder(limit({ id: '1', side: 'buy', price: '19950' }));
    book.trackOrder(limit({ id: '2', side: 'sell', price: '20100' }));
    const { above, below } = watch(book) ?? {};
    if (above == null || below == null) throw new Error('no levels');
    expect(book.reached('btcusdt', below).orders).toEqual(['1']);
    expect(book.reached('btcusdt', above).orders).toEqual(['2']);
    // and not a hair short of either
    expect(book.reached('btcusdt', below + 1e-6).orders).toEqual([]);
    expect(book.reached('btcusdt', above - 1e-6).orders).toEqual([]);
  });

  it('keeps a partly filled limit, and moves a re-priced one, forgetting its old level', () => {
    const book = books();
    book.trackOrder(limit({ status: 'partially_filled', price: '19950' }));
    expect(book.reached('btcusdt', 19950).orders).toEqual(['7']);
    book.trackOrder(limit({ status: 'partially_filled', price: '19900' }));
    expect(book.reached('btcusdt', 19950).orders).toEqual([]);
    expect(book.reached('btcusdt', 19900).orders).toEqual(['7']);
    // a market order (no price) has no level
    book.trackOrder(limit({ id: '8', side: 'sell', type: 'market', price: null }));
    expect(book.reached('btcusdt', 1).orders).toEqual(['7']);
  });

  it('looks for a short the other way: its take profit below, its stop loss above', () => {
    const book = books();
    book.trackPosition(position({ direction: 'short', take_profit: '19000', stop_loss: '20500' }));
    expect(book.reached('btcusdt', 19500).positions).toEqual([]);
    expect(book.reached('btcusdt', 19000).positions).toEqual(['1']);
    expect(book.reached('btcusdt', 20500).positions).toEqual(['1']);
    // a long's take profit alone, no stop loss: nothing below but its liquidation
    const long = books();
    long.trackPosition(position({ take_profit: '21000' }));
    expect(long.reached('btcusdt', 19800).positions).toEqual([]);
  });

  it('keeps only the take profit and stop loss of a symbol without contract terms', () => {
    const book = books();
    book.trackPosition(
      position({ symbol_id: 'nosuchusdt', take_profit: '30', stop_loss: '10', margin: '1' }),
    );
    expect(book.reached('nosuchusdt', 20).positions).toEqual([]);
    expect(book.reached('nosuchusdt', 10).positions).toEqual(['1']);
    expect(book.reached('nosuchusdt', 30).positions).toEqual(['1']);
  });

  it('forgets everything when cleared (a reload then tracks the state again)', () => {
    const book = books();
    book.trackOrder(limit({}));
    book.trackPosition(position({ take_profit: '21000' }));
    book.clear();
    expect([...book.watches()]).toEqual([]);
    expect(book.reached('btcusdt', 19950)).toEqual({ orders: [], positions: [] });
    // and a subject tracked again after it is not still there under its old levels
    book.trackOrder(limit({ price: '19000' }));
    expect(book.reached('btcusdt', 19950).orders).toEqual([]);
  });
});
