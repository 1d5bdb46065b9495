import { endpoints } from '@bourse/protocol';
import { check, checkEqual, defineScenario, signIn } from '../scenario.ts';
import { accountOf, NEW_PASSWORD } from './accounts.ts';

const inviter = accountOf('fresh-user');
const friend = 'qa.friend@example.com';

export default defineScenario({
  name: 'invite-friend',
  summary: "a friend registered with the user's invite code and appears in the user's team",
  setUp: async ({ control, step }) => {
    await step('reset to the fresh-user scenario', () => control.reset('fresh-user'));
  },
  run: async ({ client, control, step }) => {
    const user = client();
    const code = await step('sign in and read the invite code: no friends yet', async () => {
      await signIn(user, inviter);
      const share = await user.ok(endpoints.team.shareInfo, {});
      check(share.invite_link.includes(share.invite_code), 'the link carries the code');
      const team = await user.ok(endpoints.team.teamInfo, {});
      checkEqual([team.friend_count, team.list.length], [0, 0], 'the team');
      return share.invite_code;
    });
    await step('a friend registers with the invite code', async () => {
      const guest = client();
      await guest.ok(endpoints.auth.sendEmail, { email: friend, purpose: 'register' });
      const session = await guest.ok(endpoints.auth.register, {
        email: friend,
        code: await control.latestCode(friend, 'register'),
        password: NEW_PASSWORD,
        confirm_password: NEW_PASSWORD,
        invite_code: code,
      });
      check(session.token !== '', 'the friend is signed in');
    });
    await step(
      'the friend is in the team: one friend, level 1, nothing contributed yet',
      async () => {
        const team = await user.ok(endpoints.team.teamInfo, {});
        checkEqual(team.friend_count, 1, 'the friend count');
        checkEqual(
          team.list.map((row) => [row.nickname, row.level, row.contribution]),
          [['qa***@example.com', 1, '0.00']],
          'the friends',
        );
        checkEqual(team.total_contribution, '0.00', 'the total contribution');
      },
    );
    return { email: inviter.email };
  },
});
