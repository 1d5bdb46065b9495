import type { AccountMode, UserInfo } from '@bourse/protocol';
import type { StateStore } from '../state.ts';
import { userInfo, type Users } from './users.ts';

/** What users say about themselves: nickname, avatar, and which account set they trade in. */
export class Profile {
  constructor(
    private readonly ctx: StateStore,
    private readonly users: Users,
  ) {}

  info(userId: string): UserInfo {
    return userInfo(this.users.get(userId));
  }

  setNickname(userId: string, nickname: string): { nickname: string } {
    this.users.get(userId).nickname = nickname;
    this.ctx.changed();
    return { nickname };
  }

  setAvatar(userId: string, avatar: string): { avatar: string } {
    this.users.get(userId).avatar = avatar;
    this.ctx.changed();
    return { avatar };
  }

  /** Switches between the real and the demo account sets. */
  setAccountMode(userId: string, mode: AccountMode): { account_mode: AccountMode } {
    this.users.get(userId).account_mode = mode;
    this.ctx.changed();
    return { account_mode: mode };
  }
}
