/**
 * /api/account/* and /api/team/*: balances, fund flows, deposits (the obtaining step, a deposit,
 * its cancellation), withdrawals (with the refusals the withdraw screen shows), transfers (with a
 * reused request id), the demo top-up, and the team, each signed with PACT_TOKEN.
 */
import { SCENARIOS } from '@bourse/fixtures';
import {
  accountMode,
  CODES,
  depositMethod,
  endpoints,
  flowKind,
  identityStatus,
  walletNetwork,
} from '@bourse/protocol';
import { describe, expect, it } from 'vitest';
import { PACT_TOKEN } from '../pact.ts';
import { state } from '../states.ts';
import { decimal, eachLike, id, integer, like, millis, oneOf, text } from './matchers.ts';
import { bankAccountShape } from './shapes.ts';
import { fails, newPact, succeeds } from './support.ts';

const { account, team } = endpoints;
const pact = newPact();

const trader = SCENARIOS['verified-trader'].users[0]!;
const fresh = SCENARIOS['fresh-user'].users[0]!;
const alice = SCENARIOS['two-friends'].users[0]!;
const signedIn = (user: { email: string; password: string }) =>
  state('a signed-in user', { email: user.email, password: user.password, token: PACT_TOKEN });
const traderIn = signedIn(trader);
const usdtReady = state("the user's deposit account is ready", {
  email: trader.email,
  method: 'usdt',
  network: 'TRC20',
});
const traderOnDemo = state('the user is on the demo account', { email: trader.email });
const bank = { bank_name: 'Chase', account_no: '000123456789', holder_name: 'Ava Trader' };
const bankBound = state('the user has bound a bank account', { email: trader.email, ...bank });

const balanceShape = (kind: 'fund' | 'contract' | 'option', available: string) => ({
  account: kind,
  currency: 'USDT',
  available: decimal(available),
  frozen: decimal('0.00'),
  unrealized_pnl: decimal('0'),
  total: decimal(available),
});

const depositShape = (status: 'reviewing' | 'cancelled') => ({
  id: id('3001'),
  order_no: text('RC20251123110001'),
  method: oneOf(depositMethod.options, 'usdt'),
  network: oneOf(walletNetwork.options, 'TRC20'),
  amount: decimal('100.00'),
  currency: text('USDT'),
  rate: decimal('1'),
  equivalent: decimal('100.00'),
  credited_amount: decimal('0'),
  // the status the screen shows, exactly
  status,
  reject_reason: text(''),
  tx_hash: text('ab'.repeat(32)),
  proof_image: text(''),
  remark: text(''),
  created_at: millis(),
  reviewed_at: status === 'reviewing' ? null : millis(),
});

const withdrawalShape = () => ({
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
  status: 'reviewing',
  reject_reason: text(''),
  created_at: millis(),
  reviewed_at: null,
  paid_at: null,
});

const REQUEST = {
  deposit: 'pact-deposit-00000001',
  cancel: 'pact-cancel-000000001',
  withdrawal: 'pact-withdraw-0000001',
  transfer: 'pact-transfer-0000001',
  demo: 'pact-demo-topup-00001',
};

describe('account', () => {
  it('reads the balances of the current mode', () =>
    succeeds(
      pact,
      {
        description: 'a request for the balances',
        states: [traderIn],
        endpoint: account.index,
        body: {},
        who: 'user',
      },
      {
        account_mode: oneOf(accountMode.options, 'real'),
        list: [
          balanceShape('fund', '10000.00'),
          balanceShape('contract', '2500.00'),
          balanceShape('option', '500.00'),
        ],
        total_usdt: decimal('13000.00'),
        currency: text('USD'),
        rate: decimal('1'),
        total_in_currency: decimal('13000.00'),
      },
      (balances) => {
        expect(balances.list.map((item) => item.account)).toEqual(['fund', 'contract', 'option']);
      },
    ));

  it('lists the fund flows, newest first', () =>
    succeeds(
      pact,
      {
        description: 'a request for the fund flows',
        states: [
          traderIn,
          state('a transfer was made with the request id', {
            email: trader.email,
            request_id: REQUEST.transfer,
            amount: '10',
          }),
        ],
        endpoint: account.list,
        body: { kinds: ['transfer_in', 'transfer_out'], page: 1, limit: 20 },
        who: 'user',
      },
      {
        list: eachLike({
          id: id('60002'),
          account: oneOf(['fund', 'contract', 'option'], 'contract'),
          kind: oneOf(flowKind.options, 'transfer_in'),
          amount: decimal('10.00'),
          balance_after: decimal('2510.00'),
          currency: 'USDT',
          peer_account: oneOf(['fund', 'contract', 'option'], 'fund'),
          ref_id: text('TF20251123114501'),
          remark: text(''),
          created_at: millis(),
          account_mode: oneOf(accountMode.options, 'real'),
        }),
        total: integer(2),
        page: 1,
        limit: 20,
      },
    ));

  it('asks for the exclusive deposit account, which is being obtained', () =>
    succeeds(
      pact,
      {
        description: 'a first request for the deposit account',
        states: [traderIn],
        endpoint: account.getRechInfo,
        body: { method: 'usdt', network: 'TRC20' },
        who: 'user',
      },
      {
        method: 'usdt',
        status: 'pending',
        requested_at: millis(),
        ready_at: null,
        bank: null,
        wallet: null,
        min_amount: decimal('10'),
        max_amount: decimal('1000000'),
        currencies: eachLike({ code: text('USDT'), rate: decimal('1') }),
      },
      (info) => {
        expect(info.status).toBe('pending');
      },
    ));

  it('reads the deposit account once it is ready', () =>
    succeeds(
      pact,
      {
        description: 'a request for a ready deposit account',
        states: [traderIn, usdtReady],
        endpoint: account.getRechInfo,
        body: { method: 'usdt', network: 'TRC20' },
        who: 'user',
      },
      {
        method: 'usdt',
        status: 'ready',
        requested_at: millis(),
        ready_at: millis(),
        bank: null,
        wallet: {
          network: oneOf(walletNetwork.options, 'TRC20'),
          address: text('TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf'),
        },
        min_amount: decimal('10'),
        max_amount: decimal('1000000'),
        currencies: eachLike({ code: text('USDT'), rate: decimal('1') }),
      },
      (info) => {
        expect(info.wallet?.address).toBeTruthy();
      },
    ));

  it('declares a USDT deposit', () =>
    succeeds(
      pact,
      {
        description: 'a request to declare a deposit',
        states: [traderIn, usdtReady],
        endpoint: account.addRech,
        body: {
          request_id: REQUEST.deposit,
          method: 'usdt',
          network: 'TRC20',
          amount: '100',
          currency: 'USDT',
          tx_hash: 'ab'.repeat(32),
        },
        who: 'user',
      },
      depositShape('reviewing'),
    ));

  it('is told the deposit account is still being obtained', () =>
    fails(
      pact,
      {
        description: 'a request to declare a deposit before the account is ready',
        states: [traderIn],
        endpoint: account.addRech,
        body: {
          request_id: REQUEST.deposit,
          method: 'usdt',
          network: 'TRC20',
          amount: '100',
          currency: 'USDT',
          tx_hash: 'ab'.repeat(32),
        },
        who: 'user',
      },
      { code: CODES.failed, msg: like('Your exclusive deposit account is still being prepared.') },
    ));

  it('cancels a deposit under review', () =>
    succeeds(
      pact,
      {
        description: 'a request to cancel a deposit',
        states: [
          traderIn,
          state('the user has a deposit under review', {
            email: trader.email,
            id: '3001',
            amount: '100',
          }),
        ],
        endpoint: account.cancelRech,
        body: { id: '3001', request_id: REQUEST.cancel },
        who: 'user',
      },
      depositShape('cancelled'),
      (record) => {
        expect(record.status).toBe('cancelled');
      },
    ));

  it('lists the deposits', () =>
    succeeds(
      pact,
      {
        description: 'a request for the deposit records',
        states: [
          traderIn,
          state('the user has a deposit under review', {
            email: trader.email,
            id: '3001',
            amount: '100',
          }),
        ],
        endpoint: account.rechlog,
        body: { page: 1, limit: 20 },
        who: 'user',
      },
      { list: eachLike(depositShape('reviewing')), total: integer(1), page: 1, limit: 20 },
    ));

  it('reads what the withdrawal form needs', () =>
    succeeds(
      pact,
      {
        description: 'a request for the withdrawal form',
        states: [traderIn, bankBound],
        endpoint: account.cashInfo,
        body: {},
        who: 'user',
      },
      {
        currency: 'USDT',
        available: decimal('10000.00'),
        fee_rate: decimal('0.01'),
        min_amount: decimal('20'),
        max_amount: decimal('50000'),
        identity_status: oneOf(identityStatus.options, 'verified'),
        bank: bankAccountShape(bank),
        wallet: null,
        currencies: eachLike({ code: text('USD'), rate: decimal('1') }),
      },
    ));

  it('asks to withdraw to the bound bank account', () =>
    succeeds(
      pact,
      {
        description: 'a request to withdraw',
        states: [traderIn, bankBound],
        endpoint: account.addCash,
        body: {
          request_id: REQUEST.withdrawal,
          method: 'bank',
          amount: '500',
          password: trader.password,
        },
        who: 'user',
      },
      withdrawalShape(),
    ));

  it('is told to verify the identity before withdrawing', () =>
    fails(
      pact,
      {
        description: 'a request to withdraw without a verified identity',
        states: [signedIn(fresh)],
        endpoint: account.addCash,
        body: {
          request_id: REQUEST.withdrawal,
          method: 'bank',
          amount: '500',
          password: fresh.password,
        },
        who: 'user',
      },
      { code: CODES.failed, msg: like('Please complete identity verification first') },
    ));

  it('is told to bind a bank account before withdrawing', () =>
    fails(
      pact,
      {
        description: 'a request to withdraw without a bound bank account',
        states: [traderIn],
        endpoint: account.addCash,
        body: {
          request_id: REQUEST.withdrawal,
          method: 'bank',
          amount: '500',
          password: trader.password,
        },
        who: 'user',
      },
      { code: CODES.failed, msg: like('Bind a bank account or a USDT wallet first') },
    ));

  it('lists the withdrawals', () =>
    succeeds(
      pact,
      {
        description: 'a request for the withdrawal records',
        states: [
          traderIn,
          bankBound,
          state('the user has a withdrawal under review', {
            email: trader.email,
            password: trader.password,
            amount: '500',
          }),
        ],
        endpoint: account.cashlog,
        body: { page: 1, limit: 20 },
        who: 'user',
      },
      { list: eachLike(withdrawalShape()), total: integer(1), page: 1, limit: 20 },
    ));

  it('transfers between two accounts', () =>
    succeeds(
      pact,
      {
        description: 'a request to transfer',
        states: [traderIn],
        endpoint: account.transfer,
        body: { from: 'fund', to: 'contract', amount: '1000', request_id: REQUEST.transfer },
        who: 'user',
      },
      {
        transfer_id: text('TF20251123114501'),
        from: balanceShape('fund', '9000.00'),
        to: balanceShape('contract', '3500.00'),
      },
    ));

  it('is refused a request id reused with another body', () =>
    fails(
      pact,
      {
        description: 'a request to transfer with a request id used for another transfer',
        states: [
          traderIn,
          state('a transfer was made with the request id', {
            email: trader.email,
            request_id: REQUEST.transfer,
            amount: '10',
          }),
        ],
        endpoint: account.transfer,
        body: { from: 'fund', to: 'contract', amount: '1000', request_id: REQUEST.transfer },
        who: 'user',
      },
      { code: CODES.conflict, msg: like('This request was already made with different details.') },
      (error) => {
        expect(error.code).toBe(409);
      },
    ));

  it('is refused a transfer above the available balance', () =>
    fails(
      pact,
      {
        description: 'a request to transfer more than is available',
        states: [traderIn],
        endpoint: account.transfer,
        body: { from: 'option', to: 'fund', amount: '600', request_id: REQUEST.transfer },
        who: 'user',
      },
      { code: CODES.failed, msg: like('Insufficient available balance') },
    ));

  it('tops up the demo fund account', () =>
    succeeds(
      pact,
      {
        description: 'a request to top up the demo account',
        states: [traderIn, traderOnDemo],
        endpoint: account.addRechMock,
        body: { amount: '10000', request_id: REQUEST.demo },
        who: 'user',
      },
      { account_mode: 'demo', balance: balanceShape('fund', '110000.00') },
      (result) => {
        expect(result.account_mode).toBe('demo');
      },
    ));

  it('refuses a demo top-up while the user is on the real account', () =>
    fails(
      pact,
      {
        description: 'a request to top up the demo account from the real account',
        states: [traderIn],
        endpoint: account.addRechMock,
        body: { amount: '10000', request_id: REQUEST.demo },
        who: 'user',
      },
      { code: CODES.failed, msg: like('switch to the demo account first') },
    ));
});

describe('team', () => {
  it('reads the invite code, link and rules', () =>
    succeeds(
      pact,
      {
        description: 'a request for the invite page',
        states: [signedIn(alice)],
        endpoint: team.shareInfo,
        body: {},
        who: 'user',
      },
      {
        invite_code: text('ALICE7'),
        invite_link: text('/pages/register/register?invite_code=ALICE7'),
        qr_content: text('/pages/register/register?invite_code=ALICE7'),
        rules: eachLike({
          level: integer(1),
          rate: decimal('20'),
          description: text('20% of the trading fees of friends you invite'),
        }),
        reward_account: oneOf(['fund', 'contract', 'option'], 'fund'),
      },
    ));

  it('reads the team', () =>
    succeeds(
      pact,
      {
        description: 'a request for the team',
        states: [signedIn(alice)],
        endpoint: team.teamInfo,
        body: { page: 1, limit: 20 },
        who: 'user',
      },
      {
        friend_count: integer(1),
        today_contribution: decimal('0.00'),
        total_contribution: decimal('0.00'),
        list: eachLike({
          user_id: id('100002'),
          nickname: text('bo***@example.com'),
          level: integer(1),
          joined_at: millis(),
          contribution: decimal('0.00'),
        }),
        total: integer(1),
        page: 1,
        limit: 20,
      },
    ));
});
