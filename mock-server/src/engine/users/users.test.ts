import { describe, expect, it } from 'vitest';
import { EngineError } from '../errors.ts';
import { refusalOf, START, userWorld } from './testing.ts';
import { userInfo } from './users.ts';

describe('the user directory', () => {
  it('creates a user with the address in lower case, the demo fund and an invite code', async () => {
    const world = userWorld();
    const user = await world.newUser('  Ada@Example.COM ');
    expect(user).toMatchObject({
      email: 'ada@example.com',
      nickname: 'ada',
      created_at: START,
      identity_status: 'unverified',
      account_mode: 'real',
    });
    expect(world.ledger.account(user.user_id, 'demo', 'fund').available.toFixed()).toBe('10000');
    expect(world.ledger.account(user.user_id, 'real', 'fund').available.isZero()).toBe(true);
    expect(user.invite_code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    expect(user.password_hash).not.toContain('Secret123');
    expect(world.state.users[user.user_id]).toBe(user);
    expect(world.changes).toBeGreaterThan(0);
  });

  it('finds users by address in any case, by phone, and by invite code in any case', async () => {
    const world = userWorld();
    const ada = await world.newUser('ada@example.com', {
      area_code: '+44',
      phone: '7700900123',
      invite_code: 'ADA123',
    });
    await world.newUser('bob@example.com');
    expect(world.users.byEmail('ADA@example.com ')).toBe(ada);
    expect(world.users.byPhone('+44', '7700900123')).toBe(ada);
    expect(world.users.byPhone('+1', '7700900123')).toBeUndefined();
    // a user without a phone is not found by an empty one
    expect(world.users.byPhone('', '')).toBeUndefined();
    expect(world.users.byInviteCode('ada123')).toBe(ada);
    expect(world.users.byEmail('nobody@example.com')).toBeUndefined();
  });

  it('gives every user a different invite code and links one invited by code', async () => {
    const world = userWorld();
    const inviter = await world.newUser('ada@example.com', { invite_code: 'ADA123' });
    const friend = await world.newUser('bob@example.com', { invited_by_code: 'ADA123' });
    const codes = new Set([inviter.invite_code, friend.invite_code]);
    for (let i = 0; i < 20; i += 1) {
      codes.add((await world.newUser(`user${i}@example.com`)).invite_code);
    }
    expect(codes.size).toBe(22);
    expect(friend.invited_by).toBe(inviter.user_id);
  });

  it('treats a user who is gone as unauthorised', async () => {
    const world = userWorld();
    const user = await world.newUser('ada@example.com');
    world.users.remove(user.user_id);
    expect(world.users.byEmail('ada@example.com')).toBeUndefined();
    const refusal = refusalOf(() => world.users.get(user.user_id));
    expect(refusal).toBeInstanceOf(EngineError);
    expect(refusal).toMatchObject({ kind: 'unauthorised', key: 'unauthorized' });
  });

  it('shows users their own record without the password hash, identity or payout targets', async () => {
    const world = userWorld();
    const info = userInfo(await world.newUser('ada@example.com'));
    expect(info.email).toBe('ada@example.com');
    for (const key of ['password_hash', 'identity', 'bank', 'wallet', 'balances']) {
      expect(info).not.toHaveProperty(key);
    }
  });
});
