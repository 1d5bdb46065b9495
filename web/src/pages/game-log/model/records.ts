import {
  fetchBetsFx,
  fetchRoundFx,
  mergeDraws,
  noticePushed,
  roundPushed,
  verifyDraw,
  type DrawCheck,
} from '#entities/coin-guess';
import { createPagedList, type PageRequest } from '#shared/api/list';
import { $accountType } from '#shared/session';
import { feedBound, topicSubscribed, topicUnsubscribed } from '#shared/socket';
import { TOPIC, type DrawResult } from '@bourse/protocol';
import { attach, createEffect, createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';

export const RECORDS_PAGE_SIZE = 20;

/** The two lists: every period's draw with its proof, and my bets with their results. */
export type RecordsTab = 'draws' | 'bets';
export const RECORDS_TABS: readonly RecordsTab[] = ['draws', 'bets'];
export const tabOf = (value: string | null): RecordsTab => (value === 'bets' ? 'bets' : 'draws');

/** The records page is on screen. */
export const GameLogGate = createGate<Record<string, never>>({
  name: 'GameLogPage',
  defaultState: {},
});
export const drawsRetried = createEvent();

// ---- the draws -----------------------------------------------------------------------------

sample({ clock: [GameLogGate.open, drawsRetried], target: fetchRoundFx });
sample({ clock: feedBound, filter: GameLogGate.status, target: fetchRoundFx });
sample({ clock: GameLogGate.open, fn: () => TOPIC.digits, target: topicSubscribed });
sample({ clock: GameLogGate.close, fn: () => TOPIC.digits, target: topicUnsubscribed });

/** The last hundred draws, newest first; null while they load. */
export const $draws = createStore<readonly DrawResult[] | null>(null, { serialize: 'ignore' })
  .on(fetchRoundFx.doneData, (known, { round }) => mergeDraws(known ?? [], round.recent_draws))
  .on(roundPushed, (known, round) =>
    known === null ? known : mergeDraws(known, round.recent_draws),
  );
export const $drawsFailed = createStore(false, { serialize: 'ignore' })
  .on(fetchRoundFx.fail, () => true)
  .reset(fetchRoundFx.done, drawsRetried);

// ---- the browser's own check of a draw ------------------------------------------------------

/** "Verify" on a draw: its commitment and digits are recomputed here with WebCrypto. */
export const verifyClicked = createEvent<DrawResult>();
export const verifyDrawFx = createEffect(verifyDraw);

/** What each check found, by period: 'checking' meanwhile, 'failed' if the browser could not. */
export type CheckState = DrawCheck | 'checking' | 'failed';
export const $checks = createStore<Readonly<Record<string, CheckState>>>(
  {},
  { serialize: 'ignore' },
)
  .on(verifyClicked, (checks, draw) => ({ ...checks, [draw.issue]: 'checking' }))
  .on(verifyDrawFx.done, (checks, { params, result }) => ({ ...checks, [params.issue]: result }))
  .on(verifyDrawFx.fail, (checks, { params }) => ({ ...checks, [params.issue]: 'failed' }))
  .reset(GameLogGate.close);
sample({ clock: verifyClicked, target: verifyDrawFx });

// ---- my bets -------------------------------------------------------------------------------

/** My bets, newest first, a page at a time, each with its result. */
export const bets = createPagedList({
  name: 'GameBets',
  pageSize: RECORDS_PAGE_SIZE,
  fetchPage: attach({ effect: fetchBetsFx, mapParams: (request: PageRequest) => request }),
});
// another mode, a draw (bets settle), a result of mine, a feed that was away: from the first page
sample({
  clock: [$accountType.updates, roundPushed, noticePushed, feedBound],
  filter: bets.Gate.status,
  target: bets.refreshFx,
});
