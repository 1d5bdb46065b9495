import { DIGITS_RULES } from '@bourse/fixtures';
import { D, money } from '@bourse/formulas';
import { betPayout, betWins, isDigitBetId } from '@bourse/formulas/digits';
import type { Bet, DrawResult } from '@bourse/protocol';
import type Decimal from 'decimal.js';
import { EngineError } from '../errors.ts';
import { SYSTEM_ACCOUNTS, userAccount } from '../ledger/accounts.ts';
import type { TransactionInput } from '../ledger/ledger.ts';
import { wireAmount } from '../ledger/money.ts';
import { message } from '../../i18n/messages.ts';
import { BET_TYPES, type GameCore } from './game.ts';
import type { BetRow, PeriodRow } from './types.ts';

export type BetInput = { issue: string; bet_type: string; amount: string; request_id: string };

const ACCOUNT = DIGITS_RULES.account;

/**
 * The betting desk: a bet on the current period while it takes them, checked field by field
 * (the period, the type, the stake's decimals and bounds, opposite sides, the period's total,
 * the balance), its stake moved to the fund account's frozen part in one ledger transaction;
 * a cancel before closing; and, at the draw, every pending bet paid or lost in one commit.
 */
export class BetDesk {
  constructor(private readonly core: GameCore) {}

  addBet(userId: string, body: BetInput, period: PeriodRow | null): Bet {
    return this.core.requests.once(userId, 'digits.addBet', body, () => {
      const user = this.core.users.get(userId);
      const now = this.core.now();
      if (!period || body.issue !== period.issue) {
        throw new EngineError('refused', 'digits_wrong_period');
      }
      if (this.core.phaseOf(period, now) !== 'betting') {
        throw new EngineError('refused', 'digits_closed');
      }
      const type = BET_TYPES.find((item) => item.id === body.bet_type);
      if (!type || !isDigitBetId(type.id)) throw new EngineError('refused', 'digits_bet_unknown');
      const amount = new D(body.amount);
      if (amount.decimalPlaces() > 2) {
        throw new EngineError('refused', 'amount_decimals', { digits: 2 });
      }
      if (amount.lt(type.min_amount)) {
        throw new EngineError('refused', 'amount_below_min', { min: type.min_amount });
      }
      if (amount.gt(type.max_amount)) {
        throw new EngineError('refused', 'amount_above_max', { max: type.max_amount });
      }
      const mode = user.account_mode;
      const mine = this.core
        .pendingOfUser(period.issue, userId)
        .filter((bet) => bet.account_mode === mode);
      const opposite = DIGITS_RULES.opposites.find((pair) =>
        (pair as readonly string[]).includes(type.id),
      );
      if (
        opposite !== undefined &&
        mine.some(
          (bet) =>
            bet.bet_type !== type.id && (opposite as readonly string[]).includes(bet.bet_type),
        )
      ) {
        throw new EngineError('refused', 'digits_opposite');
      }
      const staked = mine.reduce((sum, bet) => sum.plus(bet.amount), new D(0));
      if (staked.plus(amount).gt(DIGITS_RULES.max_per_period)) {
        throw new EngineError('refused', 'digits_period_limit', {
          max: DIGITS_RULES.max_per_period,
        });
      }
      const available = this.core.ledger.account(userId, mode, ACCOUNT).available;
      if (amount.gt(available)) throw new EngineError('refused', 'balance_insufficient');

      const data = this.core.data;
      const id = String(data.next_bet_id);
      data.next_bet_id += 1;
      const row: BetRow = {
        id,
        user_id: userId,
        account_mode: mode,
        issue: period.issue,
        bet_type: type.id,
        amount: money(amount).toFixed(),
        odds: type.odds,
        status: 'pending',
        payout: '0',
        commitment: period.commitment,
        draw: null,
        created_at: now,
        settled_at: null,
      };
      this.core.ledger.post({
        kind: 'game_bet',
        ref_id: `GB${id}`,
        remark: `${period.issue} ${type.id}`,
        postings: [
          { account: userAccount(userId, mode, ACCOUNT), amount: amount.negated() },
          { account: userAccount(userId, mode, ACCOUNT, 'frozen'), amount },
        ],
      });
      data.bets.push(row);
      this.core.track(row);
      this.core.store.changed();
      return this.core.betView(row);
    });
  }

  cancel(
    userId: string,
    body: { bet_id: string; request_id: string },
    period: PeriodRow | null,
  ): Bet {
    return this.core.requests.once(userId, 'digits.cancelBet', body, () => {
      const mode = this.core.users.get(userId).account_mode;
      const row = this.core.data.bets.find(
        (bet) => bet.id === body.bet_id && bet.user_id === userId && bet.account_mode === mode,
      );
      if (!row) throw new EngineError('not_found', 'digits_bet_not_found');
      const now = this.core.now();
      if (
        row.status !== 'pending' ||
        period?.issue !== row.issue ||
        this.core.phaseOf(period, now) !== 'betting'
      ) {
        throw new EngineError('refused', 'digits_not_cancellable');
      }
      this.core.ledger.post({
        kind: 'game_refund',
        ref_id: `GB${row.id}`,
        remark: `${row.issue} ${row.bet_type} cancelled`,
        postings: [
          {
            account: userAccount(userId, mode, ACCOUNT, 'frozen'),
            amount: money(row.amount).negated(),
          },
          { account: userAccount(userId, mode, ACCOUNT), amount: money(row.amount) },
        ],
      });
      row.status = 'cancelled';
      row.payout = row.amount;
      row.settled_at = now;
      this.core.track(row);
      this.core.store.changed();
      return this.core.betView(row);
    });
  }

  /**
   * Pays the period's pending bets on its draw, in one ledger commit: a win pays stake × odds
   * back (the stake from frozen, the rest from the house), a loss hands the stake to the house.
   * Each bettor then hears the result once, with what they were paid.
   */
  settle(draw: DrawResult): void {
    const bets = this.core.pendingOf(draw.issue);
    if (bets.length === 0) return;
    const transactions: TransactionInput[] = [];
    const paid = new Map<string, Decimal>();
    for (const bet of bets) {
      const frozen = userAccount(bet.user_id, bet.account_mode, ACCOUNT, 'frozen');
      const stake = money(bet.amount);
      const won = isDigitBetId(bet.bet_type) && betWins(bet.bet_type, draw.number);
      const payout = won ? betPayout(stake, bet.odds) : new D(0);
      transactions.push(
        won
          ? {
              kind: 'game_win',
              ref_id: `GB${bet.id}`,
              remark: `${bet.issue} ${bet.bet_type} won`,
              postings: [
                { account: frozen, amount: stake.negated() },
                { account: userAccount(bet.user_id, bet.account_mode, ACCOUNT), amount: payout },
                { account: SYSTEM_ACCOUNTS.gameHouse, amount: payout.minus(stake).negated() },
              ].filter((posting) => !new D(posting.amount).isZero()),
            }
          : {
              kind: 'game_bet',
              ref_id: `GB${bet.id}`,
              remark: `${bet.issue} ${bet.bet_type} lost`,
              postings: [
                { account: frozen, amount: stake.negated() },
                { account: SYSTEM_ACCOUNTS.gameHouse, amount: stake },
              ],
            },
      );
      bet.status = won ? 'won' : 'lost';
      bet.payout = payout.toFixed();
      bet.draw = draw;
      bet.settled_at = draw.drawn_at;
      paid.set(bet.user_id, (paid.get(bet.user_id) ?? new D(0)).plus(payout));
    }
    this.core.ledger.commit(transactions);
    for (const bet of bets) this.core.track(bet);
    this.core.store.changed();
    for (const [userId, payout] of paid) {
      const user = this.core.users.find(userId);
      if (!user) continue;
      this.core.events.emit({
        type: 'notice',
        userId,
        notice: {
          id: `DG${draw.issue}-${userId}`,
          title: message('digits_result_title', user.language, { issue: draw.issue }),
          summary: payout.isZero()
            ? message('digits_lost_body', user.language, { number: draw.number })
            : message('digits_won_body', user.language, {
                number: draw.number,
                payout: wireAmount(payout),
              }),
          created_at: draw.drawn_at,
        },
      });
    }
  }
}
