/**
 * What the contract engine's shared core (core.ts) gives a client: an order row as listed (its
 * number, amounts, zeros), the pushes of a change, the symbol and position look-ups' refusals,
 * and the levels it watches once nothing is left to watch.
 */
import { describe, expect, it } from 'vitest';
import { exchangeWorld, PASSWORD } from '../testing.ts';
import { btcPosition, restingSell, watches } from './rows-testing.ts';
import { BTC, contractWorld, refusal, rid, START } from './testing.ts';

describe('an order as listed', () => {
  it('shows a resting opening limit with its number, notional, margin, maker fee and nothing filled yet', async () => {
    const w = await contractWorld();
    w.price('20000');
    const placed = w.order(w.ann, { type: 'limit', price: '19000', quantity: '0.1' });
    // 0.1 × 19 000 = 1 900; margin ÷ 50 = 38; maker fee × 0.0002 = 0.38
    expect(placed).toEqual({
      id: '1',
      order_no: 'CT202611241200001',
      symbol_id: BTC,
      symbol: 'BTC/USDT',
      side: 'buy',
      action: 'open_long',
      type: 'limit',
      price: '19000',
      avg_price: null,
      leverage: 50,
      take_profit: '',
      stop_loss: '',
      amount: '1900.00',
      quantity: '0.1',
      filled_quantity: '0',
      cost: '38.00',
      fee: '0.38',
      realized_pnl: '0',
      reduce_only: false,
      position_id: null,
      source: 'user',
      status: 'pending',
      created_at: START,
      updated_at: START,
      account_mode: 'real',
    });
    expect(w.contracts.orders(w.ann, { group: 'open', page: 1, limit: 20 }).list).toEqual([placed]);
  });

  it('numbers an order by the second it was made (UTC, to the second) and its id', async () => {
    const w = await contractWorld();
    w.advance(3_723_999); // 1 h 2 min 3.999 s on
    w.price('20000');
    const placed = w.order(w.ann, { type: 'limit', price: '19000', quantity: '0.1' });
    expect(placed.order_no).toBe('CT202611241302031');
    w.advance(1);
    expect(w.order(w.ann, { type: 'limit', price: '19000', quantity: '0.1' }).order_no).toBe(
      'CT202611241302042',
    );
  });

  it('shows a resting close with no margin of its own and the maker’s fee on its notional', async () => {
    const w = await contractWorld();
    w.price('20000');
    w.order(w.ann, { quantity: '1' });
    const close = restingSell(w, w.ann, '0.3', '21000');
    // 0.3 × 21 000 = 6 300; × 0.0002 = 1.26
    expect(close).toMatchObject({
      id: '2',
      order_no: 'CT202611241200002',
      side: 'sell',
      action: 'close_long',
      type: 'limit',
      price: '21000',
      avg_price: null,
      leverage: 50,
      amount: '6300.00',
      quantity: '0.3',
      filled_quantity: '0',
      cost: '0',
      fee: '1.26',
      realized_pnl: '0',
      reduce_only: true,
      position_id: '1',
      status: 'pending',
    });
  });
});

describe('the pushes of a change', () => {
  it('tells the owner of each order and position change, and of a position closed', async () => {
    const w = await contractWorld();
    w.price('20000');
    const resting = w.order(w.ann, { type: 'limit', price: '19000', quantity: '0.1' });
    expect(w.events).toEqual([{ type: 'order', userId: w.ann, order: resting }]);
    w.events.length = 0;
    const filled = w.order(w.ann, { side: 'sell', quantity: '0.1' });
    const [position] = w.contracts.positions(w.ann).list;
    expect(w.events).toEqual([
      { type: 'order', userId: w.ann, order: filled },
      { type: 'position', userId: w.ann, position },
    ]);
    w.events.length = 0;
    const { order } = w.contracts.partStop(w.ann, {
      position_id: position?.id ?? '',
      quantity: '0.1',
      request_id: rid(),
    });
    expect(w.events).toEqual([
      { type: 'order', userId: w.ann, order },
      { type: 'position', userId: w.ann, position: { id: position?.id, closed: true } },
    ]);
  });

  it('stops watching a closed position’s levels', async () => {
    const w = await contractWorld();
    w.price('20000');
    w.order(w.ann, { quantity: '0.1', take_profit: '21000' });
    expect(watches(w).map((watch) => watch.symbolId)).toEqual([BTC]);
    w.contracts.partStop(w.ann, {
      position_id: btcPosition(w, w.ann).id,
      quantity: '0.1',
      request_id: rid(),
    });
    expect(watches(w)).toEqual([]);
  });
});

describe('look-ups that refuse', () => {
  it('refuses a symbol that does not exist as not found, and books nothing', async () => {
    const w = await contractWorld();
    w.price('20000');
    const before = w.exchange.snapshot();
    expect(refusal(() => w.order(w.ann, { symbol_id: 'nosuchusdt' }))).toMatchObject({
      kind: 'not_found',
      key: 'symbol_not_found',
    });
    expect(
      refusal(() => w.contracts.allStop(w.ann, { symbol_id: 'nosuchusdt', request_id: rid() })),
    ).toMatchObject({ kind: 'not_found', key: 'symbol_not_found' });
    expect(w.exchange.snapshot().contracts).toEqual(before.contracts);
    expect(w.exchange.snapshot().ledger).toEqual(before.ledger);
  });

  it('refuses a position id that is not the user’s open position as not found, and changes nothing', async () => {
    const w = await contractWorld();
    w.price('20000');
    w.order(w.ann, { quantity: '0.1' });
    w.order(w.cy, { quantity: '0.2' });
    const before = w.exchange.snapshot();
    const close = (userId: string, positionId: string) =>
      refusal(() =>
        w.contracts.partStop(userId, {
          position_id: positionId,
          quantity: '0.1',
          request_id: rid(),
        }),
      );
    // no such id, and cy's position (id 2) for ann
    for (const id of ['3', '2', '']) {
      expect(close(w.ann, id)).toMatchObject({ kind: 'not_found', key: 'position_not_found' });
    }
    expect(
      refusal(() =>
        w.contracts.depositChange(w.ann, {
          position_id: '2',
          action: 'add',
          amount: '10',
          request_id: rid(),
        }),
      ),
    ).toMatchObject({ kind: 'not_found', key: 'position_not_found' });
    expect(w.exchange.snapshot().contracts).toEqual(before.contracts);
    expect(w.exchange.snapshot().ledger).toEqual(before.ledger);
    // its own is found
    expect(
      w.contracts.partStop(w.ann, { position_id: '1', quantity: '0.1', request_id: rid() }).order,
    ).toMatchObject({ position_id: '1', status: 'completed' });
  });
});

describe('a write once per request id', () => {
  it('answers a request id again while its user exists, and refuses it once the account is closed', async () => {
    const { exchange, ids } = await exchangeWorld({
      at: START,
      users: [
        { email: 'dee@example.com', password: PASSWORD, balances: { demo: { contract: '5000' } } },
      ],
    });
    const [dee = ''] = ids;
    const contracts = exchange.domains.contracts;
    exchange.market.setPrice(BTC, '60000', exchange.now());
    exchange.profile.setAccountMode(dee, 'demo');
    contracts.addOrder(dee, {
      symbol_id: BTC,
      side: 'buy',
      type: 'market',
      price: '',
      quantity: '0.01',
      leverage_id: '4',
      take_profit: '',
      stop_loss: '',
      reduce_only: false,
      request_id: rid(),
    });
    const stop = { request_id: rid() };
    const closed = contracts.allStop(dee, stop);
    expect(closed.list).toHaveLength(1);
    // the same id again: the same answer, nothing closed twice
    expect(contracts.allStop(dee, stop)).toEqual(closed);
    exchange.codes.sendToUser(dee, 'delete_account', 'en', '203.0.113.7');
    const code = exchange.live().mailbox.at(-1)?.code ?? '';
    await exchange.auth.deleteAccount(dee, { password: PASSWORD, code });
    expect(refusal(() => contracts.allStop(dee, stop))).toMatchObject({
      kind: 'unauthorised',
      key: 'unauthorized',
    });
  });
});
