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
  PACT_TOKEN,
} from '../pact.ts';
import { state } from '../states.ts';
import { decimal, id, millis, oneOf, text } from './matchers.ts';
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
