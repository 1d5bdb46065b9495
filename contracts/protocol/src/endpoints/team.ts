import { z } from 'zod/mini';
import { decimalString, empty, idString, pageOf, pageRequest, timestampMs } from '../schemas.ts';
import { accountKind } from './account.ts';
import { endpoint } from './endpoint.ts';

/** One reward rule: the share of a friend's trading fees paid to the inviter. */
export const rewardRule = z.object({
  /** 1 for a friend the user invited, 2 for a friend of that friend */
  level: z.int().check(z.gte(1)),
  /** a percentage of the friend's trading fees */
  rate: decimalString,
  /** the rule as the operator words it */
  description: z.string(),
});
export type RewardRule = z.infer<typeof rewardRule>;

export const teamFriend = z.object({
  user_id: idString,
  /** the friend's e-mail, masked: jo***@example.com */
  nickname: z.string(),
  level: z.int().check(z.gte(1)),
  joined_at: timestampMs,
  /** USDT the friend has earned the user so far */
  contribution: decimalString,
});
export type TeamFriend = z.infer<typeof teamFriend>;

export const team = {
  shareInfo: endpoint({
    path: '/api/team/shareInfo',
    auth: 'user',
    loading: false,
    summary: "What the invite page shows: the user's code, link, QR content and reward rules.",
    assumed:
      'every field; rewards as a share of the trading fees of friends over two levels, paid into the real fund account',
    request: empty,
    response: z.object({
      invite_code: z.string(),
      /** the register page with the code filled in */
      invite_link: z.string(),
      /** what the QR code encodes (the link, unless the operator says otherwise) */
      qr_content: z.string(),
      rules: z.array(rewardRule),
      /** where rewards are paid */
      reward_account: accountKind,
    }),
    example: {
      request: {},
      response: {
        invite_code: 'K7Q2M9',
        invite_link: 'https://bourse.example/pages/register/register?invite_code=K7Q2M9',
        qr_content: 'https://bourse.example/pages/register/register?invite_code=K7Q2M9',
        rules: [
          { level: 1, rate: '20', description: '20% of the trading fees of friends you invite' },
          { level: 2, rate: '5', description: '5% of the trading fees of their friends' },
        ],
        reward_account: 'fund',
      },
    },
  }),
  teamInfo: endpoint({
    path: '/api/team/teamInfo',
    auth: 'user',
    loading: false,
    summary:
      "The user's team: friend count, today's and total contribution, and the friends, newest first.",
    assumed:
      'every field; friends of both levels in one list; today in the UTC day; friend_count equal to total',
    request: pageRequest,
    response: z.extend(pageOf(teamFriend), {
      friend_count: z.int().check(z.nonnegative()),
      today_contribution: decimalString,
      total_contribution: decimalString,
    }),
    example: {
      request: { page: 1, limit: 20 },
      response: {
        friend_count: 2,
        today_contribution: '1.20',
        total_contribution: '58.40',
        list: [
          {
            user_id: '100214',
            nickname: 'ma***@example.com',
            level: 2,
            joined_at: 1_763_700_000_000,
            contribution: '3.15',
          },
          {
            user_id: '100187',
            nickname: 'jo***@example.com',
            level: 1,
            joined_at: 1_763_500_000_000,
            contribution: '55.25',
          },
        ],
        total: 2,
        page: 1,
        limit: 20,
      },
    },
  }),
};
