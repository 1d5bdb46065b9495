import { describe, expect, it } from 'vitest';
import { Profile } from './profile.ts';
import { refusalOf, userWorld } from './testing.ts';

const AVATAR = 'data:image/png;base64,iVBORw0KGgo=';

describe('the profile', () => {
  it('keeps nickname, avatar and account mode, and shows them in the user info', async () => {
    const world = userWorld();
    const profile = new Profile(world.store, world.users);
    const ada = await world.newUser('ada@example.com');
    expect(profile.setNickname(ada.user_id, 'Moon')).toEqual({ nickname: 'Moon' });
    expect(profile.setAvatar(ada.user_id, AVATAR)).toEqual({ avatar: AVATAR });
    expect(profile.setAccountMode(ada.user_id, 'demo')).toEqual({ account_mode: 'demo' });
    expect(profile.info(ada.user_id)).toMatchObject({
      nickname: 'Moon',
      avatar: AVATAR,
      account_mode: 'demo',
    });
  });

  it('writes into the state it finds at each call, and says it changed', async () => {
    const world = userWorld();
    const profile = new Profile(world.store, world.users);
    const ada = await world.newUser('ada@example.com');
    world.reload();
    const before = world.changes;
    profile.setNickname(ada.user_id, 'Moon');
    expect(world.state.users[ada.user_id]?.nickname).toBe('Moon');
    expect(world.changes).toBe(before + 1);
  });

  it('refuses a user who is gone', async () => {
    const world = userWorld();
    const profile = new Profile(world.store, world.users);
    const ada = await world.newUser('ada@example.com');
    world.users.remove(ada.user_id);
    expect(refusalOf(() => profile.setNickname(ada.user_id, 'Moon'))).toMatchObject({
      kind: 'unauthorised',
    });
  });
});
