/**
 * The team without HTTP: invite rewards up two levels on a trading fee, the friends listing with
 * what each contributed, and the invite page's rules.
 */
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { engineWorld, START } from '../testing.ts';
import { maskEmail, Team } from './team.ts';

async function teamWorld() {
  const world = engineWorld();
  const team = new Team(world.store, world.users, world.ledger);
  const ann = await world.newUser('ann@example.com');
  world.advance(1000);
  const bo = await world.newUser('bo@example.com', { invited_by: ann.user_id });
  world.advance(1000);
  const cy = await world.newUser('cyrus@example.com', { invited_by: bo.user_id });
  world.advance(1000);
  const di = await world.newUser('di@example.com', { invited_by: cy.user_id });
  const real = (userId: string) => world.ledger.account(userId, 'real', 'fund').available.toFixed();
  return { world, team, ann, bo, cy, di, real };
}

describe('invite rewards', () => {
  it('pay 20 % of a fee to the inviter and 5 % to theirs, and no further', async () => {
    const { world, team, ann, bo, cy, di, real } = await teamWorld();
    team.rewardFee(di.user_id, '10', 'C1');
    expect([real(cy.user_id), real(bo.user_id), real(ann.user_id)]).toEqual(['2', '0.5', '0']);
    team.rewardFee(bo.user_id, new Decimal('0.00000001'), 'C2');
    // a share below the ledger's scale is nothing, and books nothing
    expect(real(ann.user_id)).toBe('0');
    team.rewardFee(ann.user_id, '10', 'C3');
    world.ledger.check();
  });
});

describe('the team listing', () => {
  it('lists two levels of friends, newest first, masked, with what each contributed', async () => {
    const { world, team, ann, bo, cy, di } = await teamWorld();
    team.rewardFee(bo.user_id, '10', 'C1');
    world.advance(86_400_000);
    team.rewardFee(cy.user_id, '100', 'C2');
    team.rewardFee(di.user_id, '1000', 'C3');
    const listing = team.team(ann.user_id, { page: 1, limit: 10 });
    expect(listing).toMatchObject({
      total: 2,
      friend_count: 2,
      today_contribution: '5.00',
      total_contribution: '7.00',
    });
    expect(listing.list).toEqual([
      {
        user_id: cy.user_id,
        nickname: 'cy***@example.com',
        level: 2,
        joined_at: START + 2000,
        contribution: '5.00',
      },
      {
        user_id: bo.user_id,
        nickname: 'bo***@example.com',
        level: 1,
        joined_at: START + 1000,
        contribution: '2.00',
      },
    ]);
    expect(team.team(ann.user_id, { page: 2, limit: 1 }).list.map((f) => f.level)).toEqual([1]);
  });

  it('gives the invite page its code and the rules in the user’s language', async () => {
    const { team, ann } = await teamWorld();
    expect(team.shareInfo(ann.user_id, 'en')).toEqual({
      invite_code: ann.invite_code,
      rules: [
        { level: 1, rate: '20', description: '20% of the trading fees of friends you invite' },
        { level: 2, rate: '5', description: '5% of the trading fees of their friends' },
      ],
      reward_account: 'fund',
    });
    expect(maskEmail('jo@x.org')).toBe('jo***@x.org');
  });
});
