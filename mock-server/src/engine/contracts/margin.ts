import { CONTRACT_RULES } from '@bourse/fixtures';
import {
  autoMarginTopUp,
  D,
  initialMargin,
  maxReducibleMargin,
  unrealizedPnl,
} from '@bourse/formulas';
import type { AutoMarginRule, Position } from '@bourse/protocol';

import { EngineError } from '../errors.ts';

import { wireAmount } from '../ledger/money.ts';

import type { PositionRow } from './types.ts';

import { type ContractsCore } from './core.ts';
import type { Positions } from './positions.ts';

/**
 * A position's margin: added or taken out by the user (at most what keeps the initial margin
 * after any loss, at the mark now), and auto-margin, which tops a position up from the contract
 * account's available balance when its loss reaches the user's rule.
 */
export class Margin {
  constructor(
    private readonly core: ContractsCore,
    private readonly positions: Positions,
  ) {}

  strategy(userId: string): AutoMarginRule {
    const mode = this.core.users.get(userId).account_mode;
    return structuredClone(
      this.core.data.strategies[`${userId}:${mode}`] ?? CONTRACT_RULES.default_auto_margin,
    );
  }

  depositChange(
    userId: string,
    body: { position_id: string; action: 'add' | 'reduce'; amount: string; request_id: string },
  ): Position {
    return this.core.write(userId, 'depositChange', body, () => {
      this.core.trader(userId);
      const position = this.core.ownPosition(userId, body.position_id);
      const amount = new D(body.amount);
      if (body.action === 'reduce') {
        const mark = this.core.quote(position.symbol_id).last;
        const most = maxReducibleMargin({
          ...this.core.positionTerms(position),
          leverage: position.leverage,
          mark,
        });
        if (amount.gt(most)) {
          throw new EngineError('refused', 'margin_reduce_exceeds', { max: wireAmount(most) });
        }
      }
      this.positions.moveMargin(position, body.action === 'add' ? amount : amount.negated());
      return this.core.positionView(position);
    });
  }

  setStrategy(userId: string, body: AutoMarginRule & { request_id: string }): AutoMarginRule {
    return this.core.write(userId, 'setStrategy', body, () => {
      const mode = this.core.users.get(userId).account_mode;
      const rule: AutoMarginRule = {
        enabled: body.enabled,
        deposit_rate: body.deposit_rate,
        auto_add: body.auto_add,
      };
      this.core.data.strategies[`${userId}:${mode}`] = rule;
      this.core.ctx.changed();
      // the rule moves each of that account's positions' auto-margin level
      for (const row of this.core.openPositions(userId, mode)) this.core.books.trackPosition(row);
      return structuredClone(rule);
    });
  }

  autoMargin(position: PositionRow, mark: string): void {
    const rule = this.core.data.strategies[`${position.user_id}:${position.account_mode}`];
    if (!rule?.enabled) return;
    const pnl = unrealizedPnl(position.direction, position.quantity, position.entry_price, mark);
    const last = position.auto_margin_loss;
    if (last !== null && pnl.negated().lte(last)) return;
    const amount = autoMarginTopUp({
      pnl,
      margin: position.margin,
      initialMargin: initialMargin(position.quantity, position.entry_price, position.leverage),
      depositRate: rule.deposit_rate,
      autoAdd: rule.auto_add,
    });
    if (amount === null) return;
    const { available } = this.core.ledger.account(
      position.user_id,
      position.account_mode,
      'contract',
    );
    if (available.lt(amount)) return;
    position.auto_margin_loss = pnl.negated().toFixed();
    this.positions.moveMargin(position, amount);
  }
}
