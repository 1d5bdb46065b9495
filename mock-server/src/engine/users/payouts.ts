import { FieldError } from '../errors.ts';
import type { BankRecord, StateStore, WalletRecord } from '../state.ts';
import type { Users } from './users.ts';

/** Names of virtual (app-only) banks, which cannot receive withdrawals (SPEC.md §5). */
const VIRTUAL_BANKS = [
  'revolut',
  'wise',
  'chime',
  'n26',
  'monzo',
  'payoneer',
  'cash app',
  'virtual',
];

/** Bank numbers leave the server masked but for the last four digits. */
const masked = (bank: BankRecord): BankRecord => ({
  ...bank,
  account_no: `****${bank.account_no.replace(/[\s-]/g, '').slice(-4)}`,
});

export type BankInput = Omit<BankRecord, 'id' | 'created_at'>;
export type WalletInput = Pick<WalletRecord, 'network' | 'address'>;

/** Where a user's withdrawals go: one bank account and one USDT wallet, each bound anew. */
export class PayoutTargets {
  constructor(
    private readonly ctx: StateStore,
    private readonly users: Users,
  ) {}

  banks(userId: string): BankRecord[] {
    const bank = this.users.get(userId).bank;
    return bank ? [masked(bank)] : [];
  }

  bindBank(userId: string, input: BankInput): BankRecord {
    const user = this.users.get(userId);
    const name = input.bank_name.toLowerCase();
    if (VIRTUAL_BANKS.some((virtual) => name.includes(virtual))) {
      throw new FieldError('bank_name', 'bank_virtual');
    }
    user.bank = { ...input, id: user.user_id, created_at: this.ctx.now() };
    this.ctx.changed();
    return masked(user.bank);
  }

  /** A wallet's address must fit its network: TRC20 addresses start with T, ERC20 with 0x. */
  bindWallet(userId: string, input: WalletInput): WalletRecord {
    const user = this.users.get(userId);
    const fitsNetwork =
      input.network === 'TRC20' ? input.address.startsWith('T') : input.address.startsWith('0x');
    if (!fitsNetwork) throw new FieldError('address', 'wallet_network_mismatch');
    user.wallet = { id: user.user_id, currency: 'USDT', ...input, created_at: this.ctx.now() };
    this.ctx.changed();
    return user.wallet;
  }

  /** What a withdrawal needs: a verified identity and somewhere to send the money. */
  cashStatus(userId: string) {
    const user = this.users.get(userId);
    return {
      identity_status: user.identity_status,
      bank: user.bank ? masked(user.bank) : null,
      wallet: user.wallet,
    };
  }
}
