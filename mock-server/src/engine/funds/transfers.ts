import { PLATFORM_CONFIG } from '@bourse/fixtures';
import type { AccountKind } from '@bourse/protocol';
import Decimal from 'decimal.js';
import { EngineError } from '../errors.ts';
import { SYSTEM_ACCOUNTS, userAccount } from '../ledger/accounts.ts';
import type { Balances } from './balances.ts';
import { checkBounds, nextFundsId, stamp, type FundsContext } from './shared.ts';

/**
 * Money a user moves between their own accounts (of the current mode), and play money into the
 * demo fund account. Each is one ledger transaction, once per request id.
 */
export class Transfers {
  constructor(
    private readonly ctx: FundsContext,
    private readonly balances: Balances,
  ) {}

  transfer(
    userId: string,
    body: { from: AccountKind; to: AccountKind; amount: string; request_id: string },
  ) {
    const user = this.ctx.users.get(userId);
    return this.ctx.requests.once(userId, 'transfer', body, () => {
      const amount = new Decimal(body.amount);
      const mode = user.account_mode;
      const { store } = this.ctx;
      // the number is taken once the money moved: a refusal changes nothing
      const transferId = `TF${stamp(this.ctx.clock.now())}${String(store.state().next_funds_id)}`;
      this.ctx.ledger.post({
        kind: 'transfer_out',
        ref_id: transferId,
        postings: [
          { account: userAccount(userId, mode, body.from), amount: amount.negated() },
          { account: userAccount(userId, mode, body.to), amount, kind: 'transfer_in' },
        ],
      });
      nextFundsId(store);
      return {
        transfer_id: transferId,
        from: this.balances.balance(userId, mode, body.from),
        to: this.balances.balance(userId, mode, body.to),
      };
    });
  }

  /**
   * Play money into the demo fund account; refused while the user is on the real account (the
   * refusal is not kept, so the same intent succeeds once on demo). A repeated request id replays
   * the first top-up whatever the mode is now.
   */
  demoTopUp(userId: string, body: { amount: string; request_id: string }) {
    const user = this.ctx.users.get(userId);
    return this.ctx.requests.once(userId, 'addRechMock', body, () => {
      if (user.account_mode !== 'demo') throw new EngineError('refused', 'demo_top_up_real');
      const amount = new Decimal(body.amount);
      checkBounds(amount, {
        min: PLATFORM_CONFIG.demo_top_up_min,
        max: PLATFORM_CONFIG.demo_top_up_max,
      });
      const { store } = this.ctx;
      this.ctx.ledger.post({
        kind: 'demo_topup',
        ref_id: `DM${String(store.state().next_funds_id)}`,
        postings: [
          { account: SYSTEM_ACCOUNTS.demoIssuer, amount: amount.negated() },
          { account: userAccount(userId, 'demo', 'fund'), amount },
        ],
      });
      nextFundsId(store);
      return {
        account_mode: 'demo' as const,
        balance: this.balances.balance(userId, 'demo', 'fund'),
      };
    });
  }
}
