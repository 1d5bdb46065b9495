import { TEAM_REWARD_RULES } from '@bourse/fixtures';
import type { Language } from '@bourse/protocol';
import Decimal from 'decimal.js';
import { pageOf } from '../kernel/page.ts';
import { SYSTEM_ACCOUNTS, userAccount } from '../ledger/accounts.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { toScale, wireAmount } from '../ledger/money.ts';
import type { StateStore } from '../state.ts';
import type { Users } from '../users/users.ts';

/** jo***@example.com */
export const maskEmail = (email: string): string => {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 2)}***@${domain}`;
};

/**
 * The team: whom a user invited (two levels down) and the invite rewards their trading pays.
 * Each inviter up the chain gets their rule's share of a trading fee, from the rewards account
 * into their real fund account; only a real fee pays one (the caller decides which fees are).
 */
export class Team {
  constructor(
    private readonly ctx: StateStore,
    private readonly users: Users,
    private readonly ledger: Ledger,
  ) {}

  /** What the invite page shows but the link: the routes make that from the code. */
  shareInfo(userId: string, language: Language) {
    const user = this.users.get(userId);
    return {
      invite_code: user.invite_code,
      rules: TEAM_REWARD_RULES.map((rule) => ({
        level: rule.level,
        rate: rule.rate,
        description: rule.description[language],
      })),
      reward_account: 'fund' as const,
    };
  }

  /** The user's friends (two levels, newest first) and what they contributed (invite rewards). */
  team(userId: string, query: { page: number; limit: number }) {
    const all = Object.values(this.ctx.state().users);
    const level1 = all.filter((user) => user.invited_by === userId);
    const ids = new Set(level1.map((user) => user.user_id));
    const level2 = all.filter((user) => user.invited_by !== null && ids.has(user.invited_by));
    const rewards = this.ledger
      .flows(userId)
      .filter((row) => row.kind === 'invite_reward' && row.mode === 'real');
    const contributionOf = (friendId: string) =>
      rewards
        .filter((row) => row.refId.startsWith(`IR${friendId}-`))
        .reduce((sum, row) => sum.plus(row.amount), new Decimal(0));
    const dayStart = Math.floor(this.ctx.now() / 86_400_000) * 86_400_000;
    const friends = [
      ...level1.map((user) => ({ user, level: 1 })),
      ...level2.map((user) => ({ user, level: 2 })),
    ]
      .sort((a, b) => b.user.created_at - a.user.created_at)
      .map(({ user, level }) => ({
        user_id: user.user_id,
        nickname: maskEmail(user.email),
        level,
        joined_at: user.created_at,
        contribution: wireAmount(contributionOf(user.user_id)),
      }));
    const sum = (rows: typeof rewards) =>
      wireAmount(rows.reduce((total, row) => total.plus(row.amount), new Decimal(0)));
    return {
      ...pageOf(friends, query.page, query.limit),
      friend_count: friends.length,
      today_contribution: sum(rewards.filter((row) => row.time >= dayStart)),
      total_contribution: sum(rewards),
    };
  }

  /**
   * Books the invite rewards on a trading fee a user paid (into the fee account): each inviter
   * up the chain gets their rule's share, from the rewards account, into their real fund.
   */
  rewardFee(payerId: string, fee: Decimal.Value, refId: string): void {
    let inviteeId = payerId;
    for (const rule of TEAM_REWARD_RULES) {
      const inviter = this.users.get(inviteeId).invited_by;
      if (inviter === null || !this.ctx.state().users[inviter]) return;
      const share = toScale(new Decimal(fee).times(rule.rate).dividedBy(100));
      if (!share.isZero()) {
        this.ledger.post({
          kind: 'invite_reward',
          ref_id: `IR${payerId}-${refId}`,
          postings: [
            { account: SYSTEM_ACCOUNTS.rewards, amount: share.negated() },
            { account: userAccount(inviter, 'real', 'fund'), amount: share },
          ],
        });
      }
      inviteeId = inviter;
    }
  }
}
