/**
 * /api/account/* and /api/team/*: balances, fund flows, deposits (the obtaining step, a deposit,
 * its cancellation), withdrawals, transfers, the demo top-up, and the team, each signed with
 * PACT_TOKEN; with every refusal the deposit, deposit records, withdraw and transfer screens
 * handle (a 400 next to its field, any other code as the app shows it).
 *
 * One table of cases: a new reply or refusal is one row (`answers` or `refuses`, support.ts).
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
import { describe, expect } from 'vitest';
import { PACT_TOKEN } from '../pact.ts';
import { state } from '../states.ts';
import {
  arrayContaining,
  decimal,
  eachLike,
  id,
  integer,
  millis,
  oneOf,
  text,
} from './matchers.ts';
import { bankAccountShape } from './shapes.ts';
import { answers, newPact, refuses, runCases, type Case } from './support.ts';

const { account, team } = endpoints;
const pact = newPact();

const trader = SCENARIOS['verified-trader'].users[0]!;
const fresh = SCENARIOS['fresh-user'].users[0]!;
const alice = SCENARIOS['two-friends'].users[0]!;
const bob = SCENARIOS['two-friends'].users[1]!;
const signedIn = (user: { email: string; password: string }) =>
  state('a signed-in user', { email: user.email, password: user.password, token: PACT_TOKEN });
const traderIn = signedIn(trader);
const traderOnDemo = state('the user is on the demo account', { email: trader.email });
/** a new user has not asked for a deposit account yet */
const neverAsked = state('the user has not asked for a deposit account', { email: trader.email });
const usdtReady = state("the user's deposit account is ready", {
  email: trader.email,
  method: 'usdt',
  network: 'TRC20',
});
const bank = { bank_name: 'Chase', account_no: '000123456789', holder_name: 'Ava Trader' };
const bankBound = state('the user has bound a bank account', { email: trader.email, ...bank });
const depositUnderReview = state('the user has a deposit under review', {
  email: trader.email,
  id: '3001',
  amount: '100',
});

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
  // a deposit is real money: the records say so
  account_mode: 'real',
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
  account_mode: 'real',
});

const REQUEST = {
  deposit: 'pact-deposit-00000001',
  cancel: 'pact-cancel-000000001',
  withdrawal: 'pact-withdraw-0000001',
  transfer: 'pact-transfer-0000001',
  demo: 'pact-demo-topup-00001',
};

const transferMade = state('a transfer was made with the request id', {
  email: trader.email,
  request_id: REQUEST.transfer,
  amount: '10',
});

/** A USDT deposit of `amount` declared with the hash `txHash`. */
const usdtDeposit = (amount: string, txHash = 'ab'.repeat(32)) => ({
  request_id: REQUEST.deposit,
  method: 'usdt' as const,
  network: 'TRC20' as const,
  amount,
  currency: 'USDT',
  tx_hash: txHash,
});

/** A bank withdrawal of `amount`, confirmed with `password`. */
const bankWithdrawal = (amount: string, password = trader.password) => ({
  request_id: REQUEST.withdrawal,
  method: 'bank' as const,
  amount,
  password,
});

const ACCOUNT: readonly Case[] = [
  answers({
    name: 'reads the balances of the current mode',
    description: 'a request for the balances',
    states: [traderIn],
    endpoint: account.index,
    body: {},
    data: {
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
    check: (balances) => {
      expect(balances.list.map((item) => item.account)).toEqual(['fund', 'contract', 'option']);
    },
  }),
  answers({
    name: 'lists the fund flows, newest first',
    description: 'a request for the fund flows',
    states: [traderIn, transferMade],
    endpoint: account.list,
    body: { kinds: ['transfer_in', 'transfer_out'], page: 1, limit: 20 },
    data: {
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
  }),

  // ---- deposits ----------------------------------------------------------------------------
  answers({
    name: 'asks for the exclusive deposit account, which is being obtained',
    description: 'a first request for the deposit account',
    states: [traderIn, neverAsked],
    endpoint: account.getRechInfo,
    body: { method: 'usdt', network: 'TRC20' },
    data: {
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
    check: (info) => {
      expect(info.status).toBe('pending');
    },
  }),
  answers({
    name: 'reads the deposit account once it is ready',
    description: 'a request for a ready deposit account',
    states: [traderIn, usdtReady],
    endpoint: account.getRechInfo,
    body: { method: 'usdt', network: 'TRC20' },
    data: {
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
    check: (info) => {
      expect(info.wallet?.address).toBeTruthy();
    },
  }),
  answers({
    name: 'declares a USDT deposit',
    description: 'a request to declare a deposit',
    states: [traderIn, usdtReady],
    endpoint: account.addRech,
    body: usdtDeposit('100'),
    data: depositShape('reviewing'),
  }),
  refuses({
    name: 'is told the deposit account is still being obtained',
    description: 'a request to declare a deposit before the account is ready',
    states: [traderIn, neverAsked],
    endpoint: account.addRech,
    body: usdtDeposit('100'),
    code: CODES.failed,
    msg: 'Your exclusive deposit account is still being prepared.',
  }),
  refuses({
    name: 'is told the deposit is below the minimum',
    description: 'a request to declare a deposit below the minimum',
    states: [traderIn, usdtReady],
    endpoint: account.addRech,
    body: usdtDeposit('1'),
    code: CODES.failed,
    msg: 'The minimum amount is 10 USDT',
  }),
  refuses({
    name: 'is told, next to the field, that a USDT deposit needs its transaction hash',
    description: 'a request to declare a USDT deposit without a transaction hash',
    states: [traderIn, usdtReady],
    endpoint: account.addRech,
    body: usdtDeposit('100', ''),
    code: CODES.badRequest,
    field: 'tx_hash',
    msg: 'is required for a USDT deposit',
  }),
  refuses({
    name: 'is told, next to the field, that the transaction hash is too long',
    description: 'a request to declare a deposit with a transaction hash too long to be one',
    states: [traderIn, usdtReady],
    endpoint: account.addRech,
    body: usdtDeposit('100', 'ab'.repeat(65)),
    code: CODES.badRequest,
    field: 'tx_hash',
    msg: 'must be at most 128 characters',
  }),
  answers({
    name: 'cancels a deposit under review',
    description: 'a request to cancel a deposit',
    states: [traderIn, depositUnderReview],
    endpoint: account.cancelRech,
    body: { id: '3001', request_id: REQUEST.cancel },
    inject: { id: 'deposit_id' },
    data: depositShape('cancelled'),
    check: (record) => {
      expect(record.status).toBe('cancelled');
    },
  }),
  refuses({
    name: 'is told a deposit the review has decided can no longer be cancelled',
    description: 'a request to cancel a deposit the review has decided',
    states: [
      traderIn,
      depositUnderReview,
      state("the user's deposit was reviewed", {
        email: trader.email,
        id: '3001',
        decision: 'approved',
      }),
    ],
    endpoint: account.cancelRech,
    body: { id: '3001', request_id: REQUEST.cancel },
    inject: { id: 'deposit_id' },
    code: CODES.failed,
    msg: 'This deposit has already been reviewed',
  }),
  answers({
    name: 'lists the deposits',
    description: 'a request for the deposit records',
    states: [traderIn, depositUnderReview],
    endpoint: account.rechlog,
    body: { page: 1, limit: 20 },
    // a real account's records hold reviewed deposits too: they hold the one under review
    data: {
      list: arrayContaining(depositShape('reviewing')),
      total: integer(1),
      page: 1,
      limit: 20,
    },
  }),

  // ---- withdrawals -------------------------------------------------------------------------
  answers({
    name: 'reads what the withdrawal form needs',
    description: 'a request for the withdrawal form',
    states: [traderIn, bankBound],
    endpoint: account.cashInfo,
    body: {},
    data: {
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
  }),
  answers({
    name: 'asks to withdraw to the bound bank account',
    description: 'a request to withdraw',
    states: [traderIn, bankBound],
    endpoint: account.addCash,
    body: bankWithdrawal('500'),
    inject: { password: 'password' },
    data: withdrawalShape(),
  }),
  refuses({
    name: 'is told to verify the identity before withdrawing',
    description: 'a request to withdraw without a verified identity',
    states: [signedIn(fresh)],
    endpoint: account.addCash,
    body: bankWithdrawal('500', fresh.password),
    inject: { password: 'password' },
    code: CODES.failed,
    msg: 'Please complete identity verification first',
  }),
  refuses({
    name: 'is told to bind a bank account before withdrawing',
    description: 'a request to withdraw without a bound bank account',
    states: [traderIn, state('the user has bound no bank account', { email: trader.email })],
    endpoint: account.addCash,
    body: bankWithdrawal('500'),
    inject: { password: 'password' },
    code: CODES.failed,
    msg: 'Bind a bank account or a USDT wallet first',
  }),
  refuses({
    name: 'is told the withdrawal is below the minimum',
    description: 'a request to withdraw less than the minimum',
    states: [traderIn, bankBound],
    endpoint: account.addCash,
    body: bankWithdrawal('10'),
    inject: { password: 'password' },
    code: CODES.failed,
    msg: 'The minimum amount is 20 USDT',
  }),
  refuses({
    name: 'is told the withdrawal is above the maximum',
    description: 'a request to withdraw more than the maximum',
    states: [traderIn, bankBound],
    endpoint: account.addCash,
    body: bankWithdrawal('60000'),
    inject: { password: 'password' },
    code: CODES.failed,
    msg: 'The maximum amount is 50000 USDT',
  }),
  refuses({
    name: 'is told the withdrawal is above the available balance',
    description: 'a request to withdraw more than is available',
    states: [traderIn, bankBound],
    endpoint: account.addCash,
    body: bankWithdrawal('20000'),
    inject: { password: 'password' },
    code: CODES.failed,
    msg: 'Insufficient available balance',
  }),
  refuses({
    name: 'is told, next to the field, that the password is wrong',
    description: 'a request to withdraw with a wrong password',
    states: [traderIn, bankBound],
    endpoint: account.addCash,
    body: bankWithdrawal('500', 'NotThePassword1'),
    code: CODES.badRequest,
    field: 'password',
    msg: 'The current password is incorrect',
  }),
  answers({
    name: 'lists the withdrawals',
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
    // a real account's records hold reviewed withdrawals too: they hold the one under review
    data: { list: arrayContaining(withdrawalShape()), total: integer(1), page: 1, limit: 20 },
  }),

  // ---- transfers and the demo --------------------------------------------------------------
  answers({
    name: 'transfers between two accounts',
    description: 'a request to transfer',
    states: [traderIn],
    endpoint: account.transfer,
    body: { from: 'fund', to: 'contract', amount: '1000', request_id: REQUEST.transfer },
    data: {
      transfer_id: text('TF20251123114501'),
      from: balanceShape('fund', '9000.00'),
      to: balanceShape('contract', '3500.00'),
    },
  }),
  refuses({
    name: 'is refused a request id reused with another body',
    description: 'a request to transfer with a request id used for another transfer',
    states: [traderIn, transferMade],
    endpoint: account.transfer,
    body: { from: 'fund', to: 'contract', amount: '1000', request_id: REQUEST.transfer },
    code: CODES.conflict,
    msg: 'This request was already made with different details.',
  }),
  refuses({
    name: 'is refused a transfer above the available balance',
    description: 'a request to transfer more than is available',
    states: [traderIn],
    endpoint: account.transfer,
    body: { from: 'option', to: 'fund', amount: '600', request_id: REQUEST.transfer },
    code: CODES.failed,
    msg: 'Insufficient available balance',
  }),
  refuses({
    name: 'is told, next to the destination, that an account cannot take a transfer from itself',
    description: 'a request to transfer to the account the money comes from',
    states: [traderIn],
    endpoint: account.transfer,
    body: { from: 'fund', to: 'fund', amount: '100', request_id: REQUEST.transfer },
    code: CODES.badRequest,
    field: 'to',
    msg: 'must differ from the source account',
  }),
  answers({
    name: 'tops up the demo fund account',
    description: 'a request to top up the demo account',
    states: [traderIn, traderOnDemo],
    endpoint: account.addRechMock,
    body: { amount: '10000', request_id: REQUEST.demo },
    data: { account_mode: 'demo', balance: balanceShape('fund', '110000.00') },
    check: (result) => {
      expect(result.account_mode).toBe('demo');
    },
  }),
  refuses({
    name: 'refuses a demo top-up while the user is on the real account',
    description: 'a request to top up the demo account from the real account',
    states: [traderIn],
    endpoint: account.addRechMock,
    body: { amount: '10000', request_id: REQUEST.demo },
    code: CODES.failed,
    msg: 'switch to the demo account first',
  }),
];

const TEAM: readonly Case[] = [
  answers({
    name: 'reads the invite code, link and rules',
    description: 'a request for the invite page',
    states: [signedIn(alice)],
    endpoint: team.shareInfo,
    body: {},
    data: {
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
  }),
  answers({
    name: 'reads the team',
    description: 'a request for the team',
    states: [
      signedIn(alice),
      state('the user has invited a friend', { email: alice.email, friend_email: bob.email }),
    ],
    endpoint: team.teamInfo,
    body: { page: 1, limit: 20 },
    data: {
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
  }),
];

describe('account', () => {
  runCases(pact, ACCOUNT);
});

describe('team', () => {
  runCases(pact, TEAM);
});
