import { endpoints, type ResponseOf, type TeamFriend } from '@bourse/protocol';
import { createApiEffect } from '#shared/api';
import { createPagedList, type PageRequest } from '#shared/api/list';
import type { ApiError } from '#shared/api';
import { navigated, PATHS } from '#shared/routing';
import { createEffect, createEvent, createStore, sample } from 'effector';

type TeamReply = ResponseOf<typeof endpoints.team.teamInfo>;

/** A friend in the list: keyed by the user id, as the list keys its items. */
export interface TeamMember extends TeamFriend {
  readonly id: string;
}

/** The team's figures above the list, as the first page last brought them. */
export interface TeamSummary {
  readonly friendCount: number;
  readonly todayContribution: string;
  readonly totalContribution: string;
}

/** How many friends one call brings. */
export const TEAM_PAGE_SIZE = 20;

export const fetchTeamFx = createApiEffect(endpoints.team.teamInfo);

/** One page of friends, each keyed by its user id. */
const fetchTeamPageFx = createEffect<
  PageRequest,
  Omit<TeamReply, 'list'> & { list: readonly TeamMember[] },
  ApiError
>(async (request) => {
  const reply = await fetchTeamFx(request);
  return { ...reply, list: reply.list.map((friend) => ({ ...friend, id: friend.user_id })) };
});

export const friends = createPagedList({
  name: 'TeamGate',
  fetchPage: fetchTeamPageFx,
  pageSize: TEAM_PAGE_SIZE,
});

/** Null until the first page comes; each first page (opening, pull to refresh) brings it anew. */
export const $summary = createStore<TeamSummary | null>(null).on(
  fetchTeamFx.done,
  (summary, { params, result }) =>
    params.page === 1
      ? {
          friendCount: result.friend_count,
          todayContribution: result.today_contribution,
          totalContribution: result.total_contribution,
        }
      : summary,
);

/** The empty team's button: the invite page, where the code and link are. */
export const inviteClicked = createEvent();
sample({ clock: inviteClicked, fn: () => ({ to: PATHS.invite }), target: navigated });
