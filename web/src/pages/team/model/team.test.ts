import type { endpoints } from '@bourse/protocol';
import { $apiClient } from '#shared/api';
import { failWith, fakeClient } from '#shared/api/testing';
import { $navigator, PATHS } from '#shared/routing';
import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { $summary, friends, inviteClicked, TEAM_PAGE_SIZE } from './team.ts';

type TeamReply = typeof endpoints.team.teamInfo.example.response;

const friend = (n: number): TeamReply['list'][number] => ({
  user_id: String(100_000 + n),
  nickname: `f${String(n)}***@example.com`,
  level: n % 3 === 0 ? 2 : 1,
  joined_at: 1_763_000_000_000 + n,
  contribution: '1.50',
});

/** A team of `count` friends the fake server pages as the mock does. */
function teamOf(count: number, figures: { today: string; total: string }) {
  const all = Array.from({ length: count }, (_, i) => friend(count - i));
  return (body: unknown): TeamReply => {
    const { page, limit } = body as { page: number; limit: number };
    return {
      friend_count: count,
      today_contribution: figures.today,
      total_contribution: figures.total,
      list: all.slice((page - 1) * limit, page * limit),
      total: count,
      page,
      limit,
    };
  };
}

describe('the team page', () => {
  it('shows the figures and the first friends, each once, and pages on', async () => {
    const api = fakeClient({
      '/api/team/teamInfo': teamOf(25, { today: '1.20', total: '58.40' }),
    });
    const scope = fork({ values: [[$apiClient, api.client]] });

    await allSettled(friends.Gate.open, { scope, params: {} });

    expect(scope.getState($summary)).toStrictEqual({
      friendCount: 25,
      todayContribution: '1.20',
      totalContribution: '58.40',
    });
    expect(scope.getState(friends.$items)).toHaveLength(TEAM_PAGE_SIZE);
    expect(scope.getState(friends.$items)[0]?.id).toBe('100025');
    expect(scope.getState(friends.$hasMore)).toBe(true);

    await allSettled(friends.loadNextPageFx, { scope });

    const ids = scope.getState(friends.$items).map((item) => item.id);
    expect(ids).toHaveLength(25);
    expect(new Set(ids).size).toBe(25);
    expect(scope.getState(friends.$hasMore)).toBe(false);
    // a next page does not stand in for the figures of the first
    expect(scope.getState($summary)?.friendCount).toBe(25);
  });

  it('an empty team is a list with nothing in it, and its button opens the invite page', async () => {
    const api = fakeClient({ '/api/team/teamInfo': teamOf(0, { today: '0', total: '0' }) });
    const opened: string[] = [];
    const navigate = (to: string) => void opened.push(to);
    const scope = fork({
      values: [
        [$apiClient, api.client],
        [$navigator, { navigate }],
      ],
    });

    await allSettled(friends.Gate.open, { scope, params: {} });
    expect(scope.getState(friends.$view)).toBe('empty');
    expect(scope.getState($summary)?.friendCount).toBe(0);

    await allSettled(inviteClicked, { scope });
    expect(opened).toStrictEqual([PATHS.invite]);
  });

  it('says it could not load, and loads on retry', async () => {
    let fail = true;
    const failing = failWith(500, 'down');
    const ok = teamOf(2, { today: '0', total: '3.00' });
    const api = fakeClient({
      '/api/team/teamInfo': (body) => (fail ? failing() : ok(body)),
    });
    const scope = fork({ values: [[$apiClient, api.client]] });

    await allSettled(friends.Gate.open, { scope, params: {} });
    expect(scope.getState(friends.$view)).toBe('error');
    expect(scope.getState($summary)).toBeNull();

    fail = false;
    await allSettled(friends.retryClicked, { scope });
    expect(scope.getState(friends.$view)).toBe('list');
    expect(scope.getState($summary)?.totalContribution).toBe('3.00');
  });
});
