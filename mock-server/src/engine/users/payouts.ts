import { isVirtualBank } from '@bourse/fixtures';
// A pure domain rule shared with the web app (the engine takes no codes or schemas from the wire).
import { walletAddressProblem, type WalletAddressProblem } from '@bourse/protocol/wallet-address';
import { EngineError, FieldError } from '../errors.ts';
import type { MessageKey } from '../../i18n/messages.ts';
import type { BankRecord, StateStore, UserRecord, WalletRecord } from '../state.ts';
import type { Users } from './users.ts';

/** The message each address problem is refused with. */
const WALLET_PROBLEM_KEYS: Readonly<Record<WalletAddressProblem, MessageKey>> = {
  required: 'wallet_address_malformed',
  malformed: 'wallet_address_malformed',
  checksum: 'wallet_address_checksum',
  wrong_network: 'wallet_network_mismatch',
};

/**
 * A name as a holder name is compared: accents dropped (NFD, combining marks removed), case
 * folded, runs of spaces made one, ends trimmed. "José  GARCÍA" and "jose garcia" are one name.
 */
export function normalisedName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('en')
    .replace(/\s+/gu, ' ')
    .trim();
}

/**
 * The name the review verified. A user seeded as verified carries a record in their seeded name
 * (Users.create); a state saved before that existed has none, and the nickname stands for it.
 */
function verifiedName(user: UserRecord): string {
  return user.identity?.name ?? user.nickname;
}

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

  /**
   * Binds a bank account in the verified user's own name. A verified identity is required: the
   * holder's name must match the name the review verified (the rule), and before a
   * verdict there is no verified name to hold it to (a pending or rejected name may be wrong).
   */
  bindBank(userId: string, input: BankInput): BankRecord {
    const user = this.users.get(userId);
    if (user.identity_status !== 'verified') {
      throw new EngineError('refused', 'bank_identity_required');
    }
    if (normalisedName(input.holder_name) !== normalisedName(verifiedName(user))) {
      throw new FieldError('holder_name', 'bank_holder_mismatch');
    }
    // The fixtures' bank list says which banks are virtual (SPEC.md §5), matched by name.
    if (isVirtualBank(input.bank_name)) throw new FieldError('bank_name', 'bank_virtual');
    user.bank = { ...input, id: user.user_id, created_at: this.ctx.now() };
    this.ctx.changed();
    return masked(user.bank);
  }

  /**
   * Binds a USDT wallet of the verified user (as a bank, see bindBank). A wallet's address must
   * be a real address of its network, checked as the request schema
   * checks it (`walletAddressProblem`, contracts): TRC20 base58check, ERC20 EIP-55.
   */
  bindWallet(userId: string, input: WalletInput): WalletRecord {
    const user = this.users.get(userId);
    // One rule for both payout targets: they are bound once the review verified the identity
    // (a wallet was bindable during the review, a bank was not; the pages say so up front).
    if (user.identity_status !== 'verified') {
      throw new EngineError('refused', 'wallet_identity_required');
    }
    const address = input.address.trim();
    const problem = walletAddressProblem(input.network, address);
    if (problem !== null) throw new FieldError('address', WALLET_PROBLEM_KEYS[problem]);
    user.wallet = {
      id: user.user_id,
      currency: 'USDT',
      network: input.network,
      address,
      created_at: this.ctx.now(),
    };
    this.ctx.changed();
    return user.wallet;
  }

  /** What a withdrawal needs: a verified identity and somewhere to send the money. */
  cashStatus(userId: string) {
    const user = this.users.get(userId);
    return {
      identity_status: user.identity_status,
      identity_reject_reason:
        user.identity_status === 'rejected' ? (user.identity?.reject_reason ?? null) : null,
      // what the rejected submission said, for the form to start from (its photos stay here)
      identity_submitted:
        user.identity_status === 'rejected' && user.identity
          ? {
              name: user.identity.name,
              id_number: user.identity.id_number,
              phone: user.identity.phone,
              birth_date: user.identity.birth_date,
              document_type: user.identity.document_type,
            }
          : null,
      bank: user.bank ? masked(user.bank) : null,
      wallet: user.wallet,
    };
  }
}
