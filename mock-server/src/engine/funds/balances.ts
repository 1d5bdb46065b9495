import type {
  AccountBalance,
  AccountBalances,
  AccountKind,
  AccountMode,
  FlowKind,
  FundFlow,
} from '@bourse/protocol';
import Decimal from 'decimal.js';
import { pageOf, type Page } from '../kernel/page.ts';
import { ACCOUNT_KINDS } from '../ledger/accounts.ts';
import { toScale, wireAmount } from '../ledger/money.ts';
import { rateOf, signedAmount, type FundsContext } from './shared.ts';

/**
 * What a user holds and how it moved: an account's balance (the contract account's with its open
 * positions' unrealised PnL), the current mode's three accounts with their total in the user's
 * currency, and the fund flows. Reads only: every number comes from the ledger.
 */
export class Balances {
  constructor(private readonly ctx: FundsContext) {}

  balance(userId: string, mode: AccountMode, kind: AccountKind): AccountBalance {
    const { available, frozen } = this.ctx.ledger.account(userId, mode, kind);
    const unrealized =
      kind === 'contract' && this.ctx.options.unrealizedPnl
        ? this.ctx.options.unrealizedPnl(userId, mode)
        : new Decimal(0);
    return {
      account: kind,
      currency: 'USDT',
      available: wireAmount(available),
      frozen: wireAmount(frozen),
      unrealized_pnl: unrealized.isZero() ? '0' : signedAmount(unrealized),
      total: signedAmount(available.plus(frozen).plus(unrealized)),
    };
  }

  /** The three accounts of the user's current mode, and their total in USDT and their currency. */
  balances(userId: string): AccountBalances {
    const user = this.ctx.users.get(userId);
    const list = ACCOUNT_KINDS.map((kind) => this.balance(userId, user.account_mode, kind));
    const total = list.reduce((sum, item) => sum.plus(item.total), new Decimal(0));
    const rate = rateOf(user.currency) ?? new Decimal(1);
    return {
      account_mode: user.account_mode,
      list,
      total_usdt: signedAmount(total),
      currency: user.currency,
      rate: rate.toString(),
      total_in_currency: signedAmount(toScale(total.times(rate))),
    };
  }

  /** Fund flows of the current mode, newest first, by account and kinds. */
  flows(
    userId: string,
    query: {
      account?: AccountKind | undefined;
      kinds: readonly FlowKind[];
      page: number;
      limit: number;
    },
  ): Page<FundFlow> {
    const mode = this.ctx.users.get(userId).account_mode;
    const rows = this.ctx.ledger
      .flows(userId)
      .filter(
        (row) =>
          row.mode === mode &&
          (query.account === undefined || row.account === query.account) &&
          (query.kinds.length === 0 || query.kinds.includes(row.kind)),
      )
      .toReversed();
    return pageOf(
      rows.map((row) => ({
        id: row.id,
        account: row.account,
        kind: row.kind,
        amount: wireAmount(row.amount),
        balance_after: wireAmount(row.balanceAfter),
        currency: 'USDT' as const,
        peer_account: row.peer,
        ref_id: row.refId,
        remark: row.remark,
        created_at: row.time,
        account_mode: row.mode,
      })),
      query.page,
      query.limit,
    );
  }
}
