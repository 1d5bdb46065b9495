import { FUNDING } from '@bourse/fixtures';
import type { DepositAccount, DepositMethod } from '@bourse/protocol';
import { encodeWalletAddress } from '@bourse/protocol/wallet-address';
import { createHash } from 'node:crypto';
import { message } from '../../i18n/messages.ts';
import type { DepositAccountRecord } from '../state.ts';
import { currenciesOf, depositLimits, type FundsContext, type Network } from './shared.ts';

/**
 * A user's deposit address on a network: a real, checksummed address (base58check for TRC20,
 * EIP-55 for ERC20) of an account hash drawn from the user and the network, so it is the same on
 * every call and differs between users and networks.
 */
export function depositAddress(userId: string, network: Network): string {
  const accountHash = createHash('sha256')
    .update(`bourse-deposit\n${network}\n${userId}`)
    .digest()
    .subarray(0, 20);
  return encodeWalletAddress(network, accountHash);
}

/** The network a method's account is on: USDT goes over TRC20 unless told; a bank has none. */
const networkOf = (method: DepositMethod, network: Network | undefined): Network | null =>
  method === 'usdt' ? (network ?? 'TRC20') : null;

/** where a user's account for a method (and network) is kept in `state.deposit_accounts` */
const recordKey = (userId: string, method: DepositMethod, network: Network | null): string =>
  `${userId}:${method}:${network ?? ''}`;

/** the due work that makes the account under `key` ready */
const dueKey = (key: string): string => `funds:deposit-account:${key}`;

/**
 * Exclusive deposit accounts: the first time a user asks for one (per method and network), it is
 * obtained, which takes `depositAccountDelayMs`; at that moment it is ready, and the user gets an
 * e-mail and a Notice. Until then a deposit by that method is refused. The back office may hurry
 * one (the control API).
 */
export class DepositAccounts {
  constructor(private readonly ctx: FundsContext) {}

  /** The exclusive deposit account; the first call asks for it, and it is pending for a while. */
  depositAccount(userId: string, method: DepositMethod, network?: Network): DepositAccount {
    const user = this.ctx.users.get(userId);
    const net = networkOf(method, network);
    const key = recordKey(userId, method, net);
    const { store, clock } = this.ctx;
    const state = store.state();
    let record = state.deposit_accounts[key];
    if (!record) {
      const now = clock.now();
      record = {
        user_id: userId,
        method,
        network: net,
        requested_at: now,
        due_at: now + this.ctx.options.depositAccountDelayMs,
        ready_at: null,
      };
      state.deposit_accounts[key] = record;
      store.changed();
      // with no delay it is ready in the answer to the asking call
      if (record.due_at <= now) this.ready(key, record);
      else this.schedule(key, record);
    }
    const ready = record.ready_at !== null;
    const limits = depositLimits(method, net);
    return {
      method,
      status: ready ? 'ready' : 'pending',
      requested_at: record.requested_at,
      ready_at: record.ready_at,
      bank:
        ready && method === 'bank'
          ? {
              ...FUNDING.deposit_bank,
              account_no: `6200${user.user_id.padStart(8, '0')}`,
              reference: `BRS${user.user_id}`,
            }
          : null,
      wallet: ready && net !== null ? { network: net, address: depositAddress(userId, net) } : null,
      min_amount: limits.min,
      max_amount: limits.max,
      currencies: currenciesOf(method),
    };
  }

  /** The back office hurries an exclusive deposit account: it is ready now (e-mail, Notice). */
  readyDepositAccount(userId: string, method: DepositMethod, network?: Network): void {
    this.depositAccount(userId, method, network);
    const key = recordKey(userId, method, networkOf(method, network));
    const record = this.ctx.store.state().deposit_accounts[key];
    if (record && record.ready_at === null) this.ready(key, record);
  }

  /** Whether a deposit by `method` (over `network`) may be made: its account is ready. */
  isReady(userId: string, method: DepositMethod, network: Network | null): boolean {
    return (
      this.ctx.store.state().deposit_accounts[recordKey(userId, method, network)]?.ready_at != null
    );
  }

  /** Puts every account still being obtained on the engine's time (after a load or a restore). */
  reschedule(): void {
    for (const [key, record] of Object.entries(this.ctx.store.state().deposit_accounts)) {
      if (record.ready_at === null) this.schedule(key, record);
    }
  }

  private schedule(key: string, record: DepositAccountRecord): void {
    this.ctx.clock.schedule(dueKey(key), record.due_at, (at) => {
      // the state read again: a restore may have replaced it, the back office may have hurried it
      const current = this.ctx.store.state().deposit_accounts[key];
      if (current && current.ready_at === null && current.due_at <= at) this.ready(key, current);
    });
  }

  /** The account is ready now: the user is e-mailed and gets a Notice. */
  private ready(key: string, record: DepositAccountRecord): void {
    const { store, clock } = this.ctx;
    const now = clock.now();
    clock.cancel(dueKey(key));
    record.ready_at = now;
    const state = store.state();
    store.changed();
    const user = Object.hasOwn(state.users, record.user_id)
      ? state.users[record.user_id]
      : undefined;
    if (!user) return;
    const method = record.network ?? 'bank';
    const id = String(state.next_mail_id++);
    const subject = message('deposit_account_ready_subject', user.language);
    const body = message('deposit_account_ready_body', user.language, { method });
    state.mailbox.push({
      id,
      to: user.email,
      purpose: 'deposit_account',
      code: '',
      language: user.language,
      subject,
      body,
      sent_at: now,
    });
    this.ctx.events.emit({
      type: 'notice',
      userId: user.user_id,
      notice: { id: `DA${id}`, title: subject, summary: body, created_at: now },
    });
  }
}
