import type { DepositMethod, DepositRecord, DepositStatus } from '@bourse/protocol';
import Decimal from 'decimal.js';
// The networks' rule shared with the web app and the addRech schema (one shape per network).
import { txHashProblem } from '@bourse/protocol/wallet-address';
import { EngineError, FieldError } from '../errors.ts';
import type { Page } from '../kernel/page.ts';
import { SYSTEM_ACCOUNTS, userAccount } from '../ledger/accounts.ts';
import { toScale, wireAmount } from '../ledger/money.ts';
import type { DepositRow } from '../state.ts';
import type { DepositAccounts } from './deposit-accounts.ts';
import { decodeImage, PROOF_IMAGE_MAX_BYTES, unguessableId } from './images.ts';
import {
  autoReviewAt,
  checkBounds,
  currenciesOf,
  depositLimits,
  nextFundsId,
  publicRow,
  userRecords,
  stamp,
  type FundsContext,
  type Network,
} from './shared.ts';

/** Where deposit proofs are served: `<PROOF_PATH><unguessable id>.<jpg|png|webp>`. */
export const PROOF_PATH = '/uploads/deposits/';

/** a type, not an interface: the request ids' hashing takes it as a record */
export type DepositInput = {
  request_id: string;
  method: DepositMethod;
  amount: string;
  currency: string;
  network?: Network | undefined;
  tx_hash: string;
  proof_image?: string | undefined;
  remark: string;
};

/** the due work that approves deposit `id` when reviews are automatic */
const reviewKey = (id: string): string => `funds:deposit-review:${id}`;

/**
 * Deposits: a user declares money sent to their exclusive account (a bank transfer with a proof
 * image, or a USDT transaction); it waits for the review (the back office, through the control
 * API, or automatically `autoReviewMs` after it was made), which credits the real fund account
 * or rejects it. The user may cancel it while it waits.
 */
export class Deposits {
  constructor(
    private readonly ctx: FundsContext,
    private readonly accounts: DepositAccounts,
  ) {}

  addDeposit(userId: string, body: DepositInput): DepositRecord {
    const user = this.ctx.users.get(userId);
    return publicRow(
      this.ctx.requests.once(userId, 'addRech', body, () => {
        // a deposit credits the real account: a demo session tops up play money (addRechMock)
        if (user.account_mode === 'demo') throw new EngineError('refused', 'deposit_demo');
        const network = body.method === 'usdt' ? (body.network ?? null) : null;
        if (body.method === 'usdt' && network === null) {
          throw new FieldError('network', 'network_required');
        }
        if (body.method === 'usdt' && body.tx_hash === '') {
          throw new FieldError('tx_hash', 'tx_hash_required');
        }
        if (network !== null && txHashProblem(network, body.tx_hash) !== null) {
          throw new FieldError('tx_hash', 'tx_hash_malformed');
        }
        if (body.method === 'bank' && body.proof_image === undefined) {
          throw new FieldError('proof_image', 'proof_required');
        }
        const proof =
          body.proof_image === undefined
            ? null
            : decodeImage(body.proof_image, 'proof_image', PROOF_IMAGE_MAX_BYTES);
        const allowed = currenciesOf(body.method).find((item) => item.code === body.currency);
        if (!allowed) throw new EngineError('refused', 'currency_unsupported');
        if (!this.accounts.isReady(userId, body.method, network)) {
          throw new EngineError('refused', 'deposit_account_pending');
        }
        const amount = new Decimal(body.amount);
        checkBounds(amount, depositLimits(body.method, network));
        const { store } = this.ctx;
        const now = this.ctx.clock.now();
        const id = nextFundsId(store);
        const rate = new Decimal(allowed.rate);
        let proofPath = '';
        if (proof) {
          const uploadId = unguessableId();
          store.state().uploads[uploadId] = {
            id: uploadId,
            user_id: userId,
            purpose: 'deposit_proof',
            content_type: proof.contentType,
            extension: proof.extension,
            data: Buffer.from(proof.bytes).toString('base64'),
            created_at: now,
          };
          proofPath = `${PROOF_PATH}${uploadId}.${proof.extension}`;
        }
        const row: DepositRow = {
          id: String(id),
          order_no: `RC${stamp(now)}${String(id)}`,
          method: body.method,
          network,
          amount: wireAmount(amount),
          currency: body.currency,
          rate: allowed.rate,
          equivalent: wireAmount(toScale(amount.times(rate))),
          credited_amount: '0',
          status: 'reviewing',
          reject_reason: '',
          tx_hash: body.tx_hash,
          proof_image: proofPath,
          remark: body.remark,
          created_at: now,
          reviewed_at: null,
          user_id: userId,
          auto_review_at: autoReviewAt(this.ctx.options, now),
        };
        store.state().deposits.push(row);
        store.changed();
        this.schedule(row);
        return row;
      }),
    );
  }

  /** A deposit proof by the file name of its path (`<id>.<extension>`); null when none. */
  depositProof(file: string): { contentType: string; bytes: Uint8Array } | null {
    const [id = '', extension = ''] = file.split('.');
    const uploads = this.ctx.store.state().uploads;
    const upload = Object.hasOwn(uploads, id) ? uploads[id] : undefined;
    if (!upload || upload.extension !== extension) return null;
    return {
      contentType: upload.content_type,
      bytes: new Uint8Array(Buffer.from(upload.data, 'base64')),
    };
  }

  cancelDeposit(userId: string, body: { id: string; request_id: string }): DepositRecord {
    return publicRow(
      this.ctx.requests.once(userId, 'cancelRech', body, () => {
        const row = this.ctx.store
          .state()
          .deposits.find((item) => item.id === body.id && item.user_id === userId);
        if (!row) throw new EngineError('not_found', 'deposit_not_found');
        // a deposit is real money: a demo session leaves it alone
        if (this.ctx.users.get(userId).account_mode === 'demo') {
          throw new EngineError('refused', 'deposit_cancel_demo');
        }
        if (row.status !== 'reviewing') throw new EngineError('refused', 'deposit_decided');
        row.status = 'cancelled';
        row.reviewed_at = this.ctx.clock.now();
        row.auto_review_at = null;
        this.ctx.clock.cancel(reviewKey(row.id));
        this.ctx.store.changed();
        return row;
      }),
    );
  }

  /** The review's decision on a deposit: approved, it is credited to the real fund account. */
  decideDeposit(id: string, approve: boolean, reason = ''): DepositRecord {
    const row = this.ctx.store.state().deposits.find((item) => item.id === id);
    if (!row) throw new EngineError('not_found', 'deposit_not_found');
    if (row.status !== 'reviewing') throw new EngineError('refused', 'deposit_decided');
    if (approve) {
      this.ctx.ledger.post({
        kind: 'deposit',
        ref_id: row.order_no,
        postings: [
          { account: SYSTEM_ACCOUNTS.externalIn, amount: new Decimal(row.amount).negated() },
          { account: userAccount(row.user_id, 'real', 'fund'), amount: row.amount },
        ],
      });
      row.credited_amount = row.amount;
    }
    row.status = approve ? 'approved' : 'rejected';
    row.reject_reason = approve ? '' : reason;
    row.reviewed_at = this.ctx.clock.now();
    row.auto_review_at = null;
    // decided by hand first, the automatic review has nothing left to do
    this.ctx.clock.cancel(reviewKey(row.id));
    this.ctx.store.changed();
    const record = publicRow(row);
    this.ctx.events.emit({ type: 'funds', userId: row.user_id, push: { kind: 'deposit', record } });
    return record;
  }

  deposits(
    userId: string,
    query: { status?: DepositStatus | undefined; page: number; limit: number },
  ): Page<DepositRecord> {
    return userRecords(this.ctx.store.state().deposits, userId, query);
  }

  /** Puts every automatic review still to come on the engine's time (after a load or a restore). */
  reschedule(): void {
    for (const row of this.ctx.store.state().deposits) this.schedule(row);
  }

  private schedule(row: DepositRow): void {
    if (row.status !== 'reviewing' || row.auto_review_at === null) return;
    const { id } = row;
    this.ctx.clock.schedule(reviewKey(id), row.auto_review_at, (at) => {
      // the row read again: it runs only while the deposit still waits for this review
      const current = this.ctx.store.state().deposits.find((item) => item.id === id);
      if (
        current?.status === 'reviewing' &&
        current.auto_review_at !== null &&
        current.auto_review_at <= at
      ) {
        this.decideDeposit(id, true);
      }
    });
  }
}
