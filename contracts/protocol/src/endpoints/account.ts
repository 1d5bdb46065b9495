import { z } from 'zod/mini';
import {
  accountMode,
  decimalString,
  empty,
  idString,
  pageOf,
  pageRequest,
  requestId,
  timestampMs,
} from '../schemas.ts';
import { endpoint } from './endpoint.ts';
import { TX_HASH_REASONS, txHashProblem } from '../tx-hash-shape.ts';
import { enteredDecimal } from './market.ts';
import { bankAccount, identityStatus, imageDataUrl, userWallet, walletNetwork } from './user.ts';

/** The three accounts a user holds in each mode (SPEC.md §3). */
export const accountKind = z.enum(['fund', 'contract', 'option']);
export type AccountKind = z.infer<typeof accountKind>;

/** One account's balance, USDT. total = available + frozen + unrealized_pnl (the equity). */
export const accountBalance = z.object({
  account: accountKind,
  currency: z.literal('USDT'),
  available: decimalString,
  /** fund: withdrawals under review; contract: position and order margin; option: open stakes */
  frozen: decimalString,
  /** signed; the open positions' profit in the contract account, '0' elsewhere */
  unrealized_pnl: decimalString,
  total: decimalString,
});
export type AccountBalance = z.infer<typeof accountBalance>;

/** A currency a user may see equivalents in or pay with: units of it per 1 USDT. */
export const currencyRate = z.object({ code: z.string(), rate: decimalString });

/** The three balances of the current mode and their sum (/api/account/index, the Balance push). */
export const accountBalances = z.object({
  account_mode: accountMode,
  list: z.array(accountBalance),
  total_usdt: decimalString,
  /** the user's display currency (users/getCurrency) and its rate per 1 USDT */
  currency: z.string(),
  rate: decimalString,
  total_in_currency: decimalString,
});
export type AccountBalances = z.infer<typeof accountBalances>;

/** What moved money in or out of an account; each fund flow has one. */
export const flowKind = z.enum([
  'deposit',
  'withdraw',
  'withdraw_fee',
  /** a rejected withdrawal coming back */
  'withdraw_refund',
  'transfer_in',
  'transfer_out',
  'trade_fee',
  'realized_pnl',
  'liquidation',
  'option_stake',
  'option_settle',
  /** a cancelled option order or a draw returning the stake */
  'option_refund',
  'game_bet',
  'game_win',
  'game_refund',
  'demo_topup',
  'invite_reward',
  /** a correction by the operator */
  'adjustment',
]);
export type FlowKind = z.infer<typeof flowKind>;

export const fundFlow = z.object({
  id: idString,
  account: accountKind,
  kind: flowKind,
  /** signed: positive in, negative out */
  amount: decimalString,
  balance_after: decimalString,
  currency: z.literal('USDT'),
  /** the other account of a transfer; null for every other kind */
  peer_account: z.nullable(accountKind),
  /** the order, bet, deposit or withdrawal behind it; '' when none */
  ref_id: z.string(),
  remark: z.string(),
  created_at: timestampMs,
  account_mode: accountMode,
});
export type FundFlow = z.infer<typeof fundFlow>;

export const depositMethod = z.enum(['bank', 'usdt']);
export type DepositMethod = z.infer<typeof depositMethod>;

/** The exclusive deposit account: 'pending' while it is being obtained (an e-mail follows). */
export const depositAccountStatus = z.enum(['pending', 'ready']);

export const depositAccount = z.object({
  method: depositMethod,
  status: depositAccountStatus,
  /** when the user first asked for it */
  requested_at: timestampMs,
  /** null while pending */
  ready_at: z.nullable(timestampMs),
  /** set when method is 'bank' and status 'ready' */
  bank: z.nullable(
    z.object({
      bank_name: z.string(),
      account_no: z.string(),
      holder_name: z.string(),
      branch: z.string(),
      swift_code: z.string(),
      /** what the user writes in the transfer's reference so it can be matched */
      reference: z.string(),
    }),
  ),
  /** set when method is 'usdt' and status 'ready'; the QR code encodes the address */
  wallet: z.nullable(z.object({ network: walletNetwork, address: z.string() })),
  /** USDT */
  min_amount: decimalString,
  max_amount: decimalString,
  /** the currencies this method may be paid in; USDT alone for 'usdt' */
  currencies: z.array(currencyRate),
});
export type DepositAccount = z.infer<typeof depositAccount>;

export const depositStatus = z.enum(['reviewing', 'approved', 'rejected', 'cancelled']);
export type DepositStatus = z.infer<typeof depositStatus>;

export const depositRecord = z.object({
  id: idString,
  order_no: z.string(),
  /** the deposit type */
  method: depositMethod,
  /** null for a bank deposit */
  network: z.nullable(walletNetwork),
  /** the USDT the deposit is for */
  amount: decimalString,
  /** the currency paid in, its rate per 1 USDT, and amount × rate in it */
  currency: z.string(),
  rate: decimalString,
  equivalent: decimalString,
  /** the USDT credited to the fund account: '0' until approved */
  credited_amount: decimalString,
  status: depositStatus,
  /** '' unless rejected */
  reject_reason: z.string(),
  tx_hash: z.string(),
  /**
   * a URL (or a path on the API's host) of the uploaded proof, loadable by an <img> without
   * signing; '' when none. The mock serves it at /uploads/deposits/<random id>.<jpg|png|webp>.
   */
  proof_image: z.string(),
  remark: z.string(),
  created_at: timestampMs,
  /** null until approved, rejected or cancelled */
  reviewed_at: z.nullable(timestampMs),
  /** the accounts it credits: a deposit is real money (play money is topped up by addRechMock) */
  account_mode: accountMode,
});
export type DepositRecord = z.infer<typeof depositRecord>;

export const withdrawalStatus = z.enum(['reviewing', 'approved', 'rejected', 'paid']);
export type WithdrawalStatus = z.infer<typeof withdrawalStatus>;

export const withdrawalRecord = z.object({
  id: idString,
  order_no: z.string(),
  method: depositMethod,
  /** null for a bank withdrawal */
  network: z.nullable(walletNetwork),
  /** USDT taken from the fund account, fee included */
  amount: decimalString,
  fee: decimalString,
  /** amount − fee, USDT */
  received_amount: decimalString,
  /** the payout currency, its rate per 1 USDT, and received_amount × rate in it */
  currency: z.string(),
  rate: decimalString,
  equivalent: decimalString,
  /** the bound bank account (masked) or wallet address it goes to */
  destination: z.string(),
  status: withdrawalStatus,
  /** '' unless rejected */
  reject_reason: z.string(),
  created_at: timestampMs,
  reviewed_at: z.nullable(timestampMs),
  paid_at: z.nullable(timestampMs),
  /** the accounts it leaves: a withdrawal is real money */
  account_mode: accountMode,
});
export type WithdrawalRecord = z.infer<typeof withdrawalRecord>;

/**
 * A transfer between the fund, contract and option accounts of the current mode. SPEC.md §7
 * shows a transfer screen but no call, so /api/account/transfer is ours (marked extra); each
 * transfer writes a transfer_out and a transfer_in fund flow, which /api/account/list reads back.
 */
export const transferRequest = z
  .object({ from: accountKind, to: accountKind, amount: enteredDecimal, request_id: requestId })
  .check(
    z.refine((body) => body.from !== body.to, {
      error: 'must differ from the source account',
      path: ['to'],
    }),
  );
export const transferResult = z.object({
  /** the ref_id of its two fund flows */
  transfer_id: z.string(),
  from: accountBalance,
  to: accountBalance,
});

export const EXAMPLE_BALANCES: z.input<typeof accountBalances> = {
  account_mode: 'real',
  list: [
    {
      account: 'fund',
      currency: 'USDT',
      available: '5200.00',
      frozen: '500.00',
      unrealized_pnl: '0',
      total: '5700.00',
    },
    {
      account: 'contract',
      currency: 'USDT',
      available: '12450.30',
      frozen: '535.00',
      unrealized_pnl: '25.05',
      total: '13010.35',
    },
    {
      account: 'option',
      currency: 'USDT',
      available: '1900.00',
      frozen: '100.00',
      unrealized_pnl: '0',
      total: '2000.00',
    },
  ],
  total_usdt: '20710.35',
  currency: 'USD',
  rate: '1',
  total_in_currency: '20710.35',
};

export const EXAMPLE_DEPOSIT = {
  id: '3001',
  order_no: 'RC20251123110001',
  method: 'usdt',
  network: 'TRC20',
  amount: '1000.00',
  currency: 'USDT',
  rate: '1',
  equivalent: '1000.00',
  credited_amount: '0',
  status: 'reviewing',
  reject_reason: '',
  tx_hash: '7c1e0f6a2b9d4c3e8f5a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d2e',
  proof_image: '',
  remark: '',
  created_at: 1_763_896_400_000,
  reviewed_at: null,
  account_mode: 'real',
} as const;

export const EXAMPLE_WITHDRAWAL = {
  id: '4001',
  order_no: 'WD20251123113001',
  method: 'bank',
  network: null,
  amount: '500.00',
  fee: '5.00',
  received_amount: '495.00',
  currency: 'USD',
  rate: '1',
  equivalent: '495.00',
  destination: 'Chase ****6789',
  status: 'reviewing',
  reject_reason: '',
  created_at: 1_763_898_200_000,
  reviewed_at: null,
  paid_at: null,
  account_mode: 'real',
} as const;

const listOf = <Status extends z.ZodMiniType<string>>(status: Status) =>
  z.extend(pageRequest, { status: z.optional(status) });

export const account = {
  index: endpoint({
    path: '/api/account/index',
    auth: 'user',
    loading: false,
    summary:
      "The fund, contract and option balances of the current mode, with their total in USDT and in the user's currency.",
    assumed: 'every field; USDT as the one account currency; the equity definition',
    request: empty,
    response: accountBalances,
    example: { request: {}, response: EXAMPLE_BALANCES },
  }),
  list: endpoint({
    path: '/api/account/list',
    auth: 'user',
    loading: false,
    summary:
      'Fund flows of the current mode, newest first, by account and kind; the transfer records are its transfer_in/transfer_out flows.',
    assumed:
      'the meaning (the fund records page) and every field; `kinds` as a list (empty for all) so one call serves the transfer log',
    request: z.extend(pageRequest, {
      account: z.optional(accountKind),
      kinds: z._default(z.array(flowKind).check(z.maxLength(flowKind.options.length)), []),
    }),
    response: pageOf(fundFlow),
    example: {
      request: { kinds: ['transfer_in', 'transfer_out'], page: 1, limit: 20 },
      response: {
        list: [
          {
            id: '60002',
            account: 'contract',
            kind: 'transfer_in',
            amount: '1000.00',
            balance_after: '12450.30',
            currency: 'USDT',
            peer_account: 'fund',
            ref_id: 'TF20251123114501',
            remark: '',
            created_at: 1_763_899_100_000,
            account_mode: 'real',
          },
          {
            id: '60001',
            account: 'fund',
            kind: 'transfer_out',
            amount: '-1000.00',
            balance_after: '5200.00',
            currency: 'USDT',
            peer_account: 'contract',
            ref_id: 'TF20251123114501',
            remark: '',
            created_at: 1_763_899_100_000,
            account_mode: 'real',
          },
        ],
        total: 2,
        page: 1,
        limit: 20,
      },
    },
  }),
  getRechInfo: endpoint({
    path: '/api/account/getRechInfo',
    auth: 'user',
    loading: true,
    summary:
      "The user's exclusive deposit account for a method. The first call asks for one: it stays pending until it is assigned, and an e-mail tells the user.",
    assumed:
      'field names; that the first call starts the request; one account per method and network; the first network of index/getWalletList when none is given',
    request: z.object({ method: depositMethod, network: z.optional(walletNetwork) }),
    response: depositAccount,
    example: {
      request: { method: 'usdt', network: 'TRC20' },
      response: {
        method: 'usdt',
        status: 'ready',
        requested_at: 1_763_810_000_000,
        ready_at: 1_763_813_600_000,
        bank: null,
        wallet: { network: 'TRC20', address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf' },
        min_amount: '10',
        max_amount: '1000000',
        currencies: [{ code: 'USDT', rate: '1' }],
      },
    },
  }),
  addRech: endpoint({
    path: '/api/account/addRech',
    auth: 'user',
    loading: true,
    summary:
      'Declares a deposit made to the exclusive account; it waits for review and is credited to the real fund account when approved.',
    assumed:
      'field names; `amount` in USDT with `currency` the one paid in; a proof image as a data URL; a transaction hash for USDT; `request_id` (ours: one per intent, a repeat replays the first answer)',
    request: z
      .object({
        request_id: requestId,
        method: depositMethod,
        amount: enteredDecimal,
        currency: z._default(
          z.string().check(z.trim(), z.minLength(1, { error: 'is required' }), z.maxLength(10)),
          'USDT',
        ),
        network: z.optional(walletNetwork),
        tx_hash: z._default(
          z.string().check(z.trim(), z.maxLength(128, { error: 'must be at most 128 characters' })),
          '',
        ),
        proof_image: z.optional(imageDataUrl),
        remark: z._default(
          z.string().check(z.trim(), z.maxLength(200, { error: 'must be at most 200 characters' })),
          '',
        ),
      })
      .check(
        z.refine((body) => body.method !== 'usdt' || body.network !== undefined, {
          error: 'is required for a USDT deposit',
          path: ['network'],
        }),
        z.superRefine((body, ctx) => {
          // A USDT deposit's hash has its network's shape (tx-hash-shape.ts), as an address does;
          // an empty one is the engine's to refuse (tx_hash_required, translated).
          if (body.method !== 'usdt' || body.network === undefined || body.tx_hash === '') return;
          const problem = txHashProblem(body.network, body.tx_hash);
          if (problem !== null) {
            ctx.addIssue({ code: 'custom', path: ['tx_hash'], message: TX_HASH_REASONS[problem] });
          }
        }),
      ),
    response: depositRecord,
    example: {
      request: {
        request_id: '0f8e2d1c-6b5a-4e3f-9a8b-7c6d5e4f3a2b',
        method: 'usdt',
        amount: '1000',
        currency: 'USDT',
        network: 'TRC20',
        tx_hash: '7c1e0f6a2b9d4c3e8f5a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d2e',
      },
      response: EXAMPLE_DEPOSIT,
    },
  }),
  cancelRech: endpoint({
    path: '/api/account/cancelRech',
    auth: 'user',
    loading: true,
    summary: 'Withdraws a deposit still under review. Code 500 once it is decided.',
    assumed: 'field `id`; the reply; `request_id` (ours)',
    request: z.object({ id: idString, request_id: requestId }),
    response: depositRecord,
    example: {
      request: { id: '3001', request_id: '5b4a3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d' },
      response: { ...EXAMPLE_DEPOSIT, status: 'cancelled', reviewed_at: 1_763_897_000_000 },
    },
  }),
  cashInfo: endpoint({
    path: '/api/account/cashInfo',
    auth: 'user',
    loading: false,
    summary:
      'What the withdrawal form needs: the real fund balance, fee and bounds, and what stands in the way (identity, bound bank or wallet).',
    assumed: 'every field; the fee as a multiplier of the amount, taken from it',
    request: empty,
    response: z.object({
      currency: z.literal('USDT'),
      available: decimalString,
      fee_rate: decimalString,
      min_amount: decimalString,
      max_amount: decimalString,
      identity_status: identityStatus,
      bank: z.nullable(bankAccount),
      wallet: z.nullable(userWallet),
      /** the payout currencies of a bank withdrawal */
      currencies: z.array(currencyRate),
    }),
    example: {
      request: {},
      response: {
        currency: 'USDT',
        available: '5200.00',
        fee_rate: '0.01',
        min_amount: '20',
        max_amount: '50000',
        identity_status: 'verified',
        bank: {
          id: '1',
          bank_name: 'Chase',
          account_no: '****6789',
          holder_name: 'Alex Doe',
          branch: 'San Francisco',
          swift_code: 'CHASUS33',
          created_at: 1_763_900_000_000,
        },
        wallet: null,
        currencies: [{ code: 'USD', rate: '1' }],
      },
    },
  }),
  addCash: endpoint({
    path: '/api/account/addCash',
    auth: 'user',
    loading: true,
    summary:
      'Asks to withdraw from the real fund account to the bound bank or wallet; the amount is frozen until review. Code 500 without identity, a bound destination or the balance.',
    assumed:
      'field names; the login password (not a separate fund password) confirms it; `request_id` (ours)',
    request: z.object({
      request_id: requestId,
      method: depositMethod,
      amount: enteredDecimal,
      password: z.string().check(z.minLength(1, { error: 'is required' })),
    }),
    response: withdrawalRecord,
    example: {
      request: {
        request_id: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d',
        method: 'bank',
        amount: '500',
        password: 'Secret123',
      },
      response: EXAMPLE_WITHDRAWAL,
    },
  }),
  rechlog: endpoint({
    path: '/api/account/rechlog',
    auth: 'user',
    loading: false,
    summary: 'Deposit records, newest first.',
    assumed: 'field names',
    request: listOf(depositStatus),
    response: pageOf(depositRecord),
    example: {
      request: { page: 1, limit: 20 },
      response: { list: [EXAMPLE_DEPOSIT], total: 1, page: 1, limit: 20 },
    },
  }),
  cashlog: endpoint({
    path: '/api/account/cashlog',
    auth: 'user',
    loading: false,
    summary: 'Withdrawal records, newest first.',
    assumed: 'field names',
    request: listOf(withdrawalStatus),
    response: pageOf(withdrawalRecord),
    example: {
      request: { page: 1, limit: 20 },
      response: { list: [EXAMPLE_WITHDRAWAL], total: 1, page: 1, limit: 20 },
    },
  }),
  transfer: endpoint({
    path: '/api/account/transfer',
    auth: 'user',
    loading: true,
    summary:
      'Moves USDT between two of the fund, contract and option accounts of the current mode, at once; code 500 when the source has not enough available.',
    assumed: 'the whole call (path, fields, reply)',
    extra:
      'SPEC.md §2 shows a transfer screen with records and §1 transfers between the three accounts, but §7 names no call that makes one',
    request: transferRequest,
    response: transferResult,
    example: {
      request: {
        from: 'fund',
        to: 'contract',
        amount: '1000',
        request_id: '7d6c5b4a-3e2f-4a1b-8c9d-0e1f2a3b4c5d',
      },
      response: {
        transfer_id: 'TF20251123114501',
        from: {
          account: 'fund',
          currency: 'USDT',
          available: '5200.00',
          frozen: '500.00',
          unrealized_pnl: '0',
          total: '5700.00',
        },
        to: {
          account: 'contract',
          currency: 'USDT',
          available: '12450.30',
          frozen: '535.00',
          unrealized_pnl: '25.05',
          total: '13010.35',
        },
      },
    },
  }),
  addRechMock: endpoint({
    path: '/api/account/addRechMock',
    auth: 'user',
    loading: true,
    summary:
      'Tops up the demo fund account with play money, at once and without review. Code 500 while the user is on the real account (switch with users/changeMock first).',
    assumed:
      'the meaning of the call; the refusal on the real account; field `amount`; the reply; `request_id` (ours: a repeat replays the first top-up, whatever the mode is now)',
    request: z.object({ amount: enteredDecimal, request_id: requestId }),
    response: z.object({ account_mode: z.literal('demo'), balance: accountBalance }),
    example: {
      request: { amount: '10000', request_id: '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f' },
      response: {
        account_mode: 'demo',
        balance: {
          account: 'fund',
          currency: 'USDT',
          available: '110000.00',
          frozen: '0',
          unrealized_pnl: '0',
          total: '110000.00',
        },
      },
    },
  }),
};
