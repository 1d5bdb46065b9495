/**
 * The live feed's private `Notice` push, as a V4 asynchronous message in the same pact: the
 * frame a bound socket receives when the platform sends the user a notice (PROTOCOL.md §3).
 * The frame is read by the web's own socket frame reader (`readPush` in support.ts).
 */
import { SCENARIOS } from '@bourse/fixtures';
import { FUNC } from '@bourse/protocol';
import { describe, expect, it } from 'vitest';
import {
  BALANCE_PUSH,
  FUNDS_PUSH,
  FUNDS_WITHDRAWAL_PUSH,
  NOTICE_PUSH,
  ORDER_PUSH,
  PACT_TOKEN,
  POSITION_CLOSED_PUSH,
  POSITION_PUSH,
  TRADE_BALANCE_PUSH,
} from '../pact.ts';
import { state, type State } from '../states.ts';
import { decimal, id, integer, millis, oneOf, regex, text } from './matchers.ts';
import { newPact, readPush } from './support.ts';

const pact = newPact();
const fresh = SCENARIOS['fresh-user'].users[0]!;
const trader = SCENARIOS['verified-trader'].users[0]!;
/** private pushes flow only to a socket bound with a live session */
const signedIn = state('a signed-in user', {
  email: fresh.email,
  password: fresh.password,
  token: PACT_TOKEN,
});

describe('socket', () => {
  it('reads a Notice push', () =>
    pact
      .addAsynchronousInteraction()
      .given(signedIn.name, signedIn.params)
      .expectsToReceive(NOTICE_PUSH, (message) => {
        message.withJSONContent({
          cmd: 'data',
          msg: {
            func: FUNC.notice,
            // a private push's topic is its func (the protocol's assumption)
            topic: FUNC.notice,
            data: {
              id: id('101'),
              title: text('Scheduled maintenance this Sunday'),
              summary: text('Trading pauses on Sunday 02:00–03:00 UTC.'),
              created_at: millis(),
            },
          },
        });
      })
      .executeTest((message) => {
        const push = readPush(JSON.stringify(message.contents.content), 'Notice');
        expect(push.topic).toBe('Notice');
        expect(push.data).toEqual({
          id: '101',
          title: 'Scheduled maintenance this Sunday',
          summary: 'Trading pauses on Sunday 02:00–03:00 UTC.',
          created_at: 1_763_900_000_000,
        });
        return Promise.resolve();
      }));

  it('reads a Balance push', () =>
    pact
      .addAsynchronousInteraction()
      .given(signedIn.name, signedIn.params)
      .expectsToReceive(BALANCE_PUSH, (message) => {
        message.withJSONContent({
          cmd: 'data',
          msg: {
            func: FUNC.balance,
            topic: FUNC.balance,
            data: {
              account_mode: oneOf(['real', 'demo'], 'real'),
              list: [
                balance('fund', '100.00'),
                balance('contract', '0.00'),
                balance('option', '0.00'),
              ],
              total_usdt: decimal('100.00'),
              currency: text('USD'),
              rate: decimal('1'),
              total_in_currency: decimal('100.00'),
            },
          },
        });
      })
      .executeTest((message) => {
        const push = readPush(JSON.stringify(message.contents.content), 'Balance');
        expect(push.data.list.map((item) => item.account)).toEqual(['fund', 'contract', 'option']);
        expect(push.data.total_usdt).toBe('100.00');
        return Promise.resolve();
      }));

  it('reads a Funds push about a decided deposit', () =>
    pact
      .addAsynchronousInteraction()
      .given(signedIn.name, signedIn.params)
      .expectsToReceive(FUNDS_PUSH, (message) => {
        message.withJSONContent({
          cmd: 'data',
          msg: {
            func: FUNC.funds,
            topic: FUNC.funds,
            data: {
              kind: 'deposit',
              record: {
                id: id('3001'),
                order_no: text('RC20251123110001'),
                method: 'usdt',
                network: 'TRC20',
                amount: decimal('100.00'),
                currency: text('USDT'),
                rate: decimal('1'),
                equivalent: decimal('100.00'),
                credited_amount: decimal('100.00'),
                status: 'approved',
                reject_reason: text(''),
                tx_hash: text('ab'.repeat(32)),
                proof_image: text(''),
                remark: text(''),
                created_at: millis(),
                reviewed_at: millis(),
                account_mode: 'real',
              },
            },
          },
        });
      })
      .executeTest((message) => {
        const push = readPush(JSON.stringify(message.contents.content), 'Funds');
        expect(push.data.kind).toBe('deposit');
        expect(push.data.record.status).toBe('approved');
        return Promise.resolve();
      }));

  it('reads a Funds push about a decided withdrawal', () =>
    pact
      .addAsynchronousInteraction()
      .given('a signed-in user', {
        email: trader.email,
        password: trader.password,
        token: PACT_TOKEN,
      })
      .given('the user has bound a bank account', {
        email: trader.email,
        bank_name: 'Chase',
        account_no: '000123456789',
        holder_name: 'Ava Trader',
      })
      .given('the user has a withdrawal under review', {
        email: trader.email,
        password: trader.password,
        amount: '500',
      })
      .expectsToReceive(FUNDS_WITHDRAWAL_PUSH, (message) => {
        message.withJSONContent({
          cmd: 'data',
          msg: {
            func: FUNC.funds,
            topic: FUNC.funds,
            data: {
              // the withdrawal records reload on it
              kind: 'withdrawal',
              record: {
                id: id('4001'),
                order_no: text('WD20251123113001'),
                method: 'bank',
                network: null,
                amount: decimal('500.00'),
                fee: decimal('5.00'),
                received_amount: decimal('495.00'),
                currency: text('USD'),
                rate: decimal('1'),
                equivalent: decimal('495.00'),
                destination: text('Chase ****6789'),
                status: oneOf(['approved', 'rejected', 'paid'], 'rejected'),
                reject_reason: text('The bank account is closed'),
                created_at: millis(),
                reviewed_at: millis(),
                paid_at: null,
                account_mode: 'real',
              },
            },
          },
        });
      })
      .executeTest((message) => {
        const push = readPush(JSON.stringify(message.contents.content), 'Funds');
        expect(push.data.kind).toBe('withdrawal');
        expect(push.data.record.status).toBe('rejected');
        return Promise.resolve();
      }));
});

/** The trader signed in, BTC at 20 000 and holding there: what the contract pushes start from. */
const trading: readonly State[] = [
  state('a signed-in user', { email: trader.email, password: trader.password, token: PACT_TOKEN }),
  state('the market price is', { symbol_id: 'btcusdt', price: '20000' }),
];
const holding = state('the user holds a position', {
  email: trader.email,
  id: '5001',
  symbol_id: 'btcusdt',
  direction: 'long',
  quantity: '0.1',
  leverage_id: '3',
  request_id: 'pact-push-open-000001',
});

/** '' (none) or a decimal price, as take profit and stop loss travel. */
const optionalPrice = regex(/^(|\d+(\.\d+)?)$/, '');

/** A message with the states listed, in order, and a `data` push of `func` with `data`. */
function contractPush(states: readonly State[], description: string, func: string, data: object) {
  let interaction = pact.addAsynchronousInteraction();
  for (const { name, params } of states) interaction = interaction.given(name, params);
  return interaction.expectsToReceive(description, (message) => {
    message.withJSONContent({ cmd: 'data', msg: { func, topic: func, data } });
  });
}

describe('socket: the contract pushes', () => {
  it('reads an Order push about an order that traded', () =>
    contractPush(trading, ORDER_PUSH, FUNC.order, {
      id: id('1'),
      order_no: text('CT202511231155011'),
      symbol_id: text('btcusdt'),
      symbol: text('BTC/USDT'),
      side: oneOf(['buy', 'sell'], 'buy'),
      action: oneOf(['open_long', 'open_short', 'close_long', 'close_short'], 'open_long'),
      type: oneOf(['limit', 'market'], 'market'),
      price: null,
      avg_price: decimal('20001.00'),
      leverage: integer(20),
      take_profit: optionalPrice,
      stop_loss: optionalPrice,
      amount: decimal('2000.10'),
      quantity: decimal('0.1'),
      filled_quantity: decimal('0.1'),
      cost: decimal('100.01'),
      fee: decimal('1.20'),
      realized_pnl: decimal('0'),
      reduce_only: false,
      position_id: id('1'),
      source: oneOf(['user', 'take_profit', 'stop_loss', 'liquidation'], 'user'),
      // the open orders drop it, the positions reload
      status: 'filled',
      created_at: millis(),
      updated_at: millis(),
      account_mode: oneOf(['real', 'demo'], 'real'),
    }).executeTest((message) => {
      const push = readPush(JSON.stringify(message.contents.content), 'Order');
      expect(push.topic).toBe('Order');
      expect(push.data.status).toBe('filled');
      return Promise.resolve();
    }));

  it('reads a Position push about the position an order opened', () =>
    contractPush(trading, POSITION_PUSH, FUNC.position, positionData()).executeTest((message) => {
      const push = readPush(JSON.stringify(message.contents.content), 'Position');
      expect('closed' in push.data).toBe(false);
      expect(push.data).toMatchObject({ direction: 'long', quantity: '0.1' });
      return Promise.resolve();
    }));

  it('reads a Position push about a closed position', () =>
    contractPush([...trading, holding], POSITION_CLOSED_PUSH, FUNC.position, {
      id: id('5001'),
      closed: true,
    }).executeTest((message) => {
      const push = readPush(JSON.stringify(message.contents.content), 'Position');
      expect(push.data).toEqual({ id: '5001', closed: true });
      return Promise.resolve();
    }));

  it('reads a Balance push after a trade', () =>
    contractPush(trading, TRADE_BALANCE_PUSH, FUNC.balance, {
      account_mode: oneOf(['real', 'demo'], 'real'),
      list: [
        balance('fund', '10000.00'),
        // the margin and fee a trade holds are frozen
        { ...balance('contract', '2398.79'), frozen: decimal('100.01') },
        balance('option', '500.00'),
      ],
      total_usdt: decimal('12898.80'),
      currency: text('USD'),
      rate: decimal('1'),
      total_in_currency: decimal('12898.80'),
    }).executeTest((message) => {
      const push = readPush(JSON.stringify(message.contents.content), 'Balance');
      const contract = push.data.list.find((item) => item.account === 'contract');
      expect(contract?.frozen).toBe('100.01');
      return Promise.resolve();
    }));
});

function positionData() {
  return {
    id: id('1'),
    symbol_id: text('btcusdt'),
    symbol: text('BTC/USDT'),
    direction: oneOf(['long', 'short'], 'long'),
    quantity: decimal('0.1'),
    closable_quantity: decimal('0.1'),
    margin: decimal('100.01'),
    max_reduce_margin: decimal('0.00'),
    margin_ratio: decimal('10.02'),
    entry_price: decimal('20001.00'),
    mark_price: decimal('20000.00'),
    liquidation_price: decimal('19101.96'),
    unrealized_pnl: decimal('-0.10'),
    pnl_rate: decimal('-0.10'),
    leverage: integer(20),
    take_profit: optionalPrice,
    stop_loss: optionalPrice,
    opened_at: millis(),
    updated_at: millis(),
    account_mode: oneOf(['real', 'demo'], 'real'),
  };
}

function balance(account: 'fund' | 'contract' | 'option', available: string) {
  return {
    account,
    currency: 'USDT',
    available: decimal(available),
    frozen: decimal('0.00'),
    unrealized_pnl: decimal('0'),
    total: decimal(available),
  };
}
