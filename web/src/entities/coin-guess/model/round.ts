import { $deviceClock, $serverOffset, offsetOf } from '#entities/option/@x/coin-guess';
import { createApiEffect, type ApiError } from '#shared/api';
import { pushReceived } from '#shared/socket';
import {
  endpoints,
  FUNC,
  type DigitRound,
  type DrawResult,
  type PushMessage,
  type PushOf,
} from '@bourse/protocol';
import { attach, createEffect, sample } from 'effector';

/** How many draws the game reads: the distribution is drawn over the last hundred. */
export const RECENT_DRAWS = 100;

/** The rules: bet types with their chance and odds, the limits, the timing (digitInfo). */
export const fetchGameInfoFx = createApiEffect(endpoints.digits.digitInfo, { loading: false });

const issueCallFx = createApiEffect(endpoints.digits.getIssue, { loading: false });

/**
 * The current period with the last hundred draws (getIssue), timed: each reply also measures the
 * server clock's offset against the middle of its round trip, the one the countdowns read.
 */
export const fetchRoundFx = attach({
  source: $deviceClock,
  mapParams: (_: unknown, clock) => clock,
  effect: createEffect<() => number, { round: DigitRound; offset: number }, ApiError>(
    async (clock) => {
      const sentAt = clock();
      const round = await issueCallFx({ recent: RECENT_DRAWS });
      return { round, offset: offsetOf(round.server_time, sentAt, clock()) };
    },
  ),
});
// one server, one clock: the options countdowns and these read the same offset
sample({ clock: fetchRoundFx.doneData, fn: ({ offset }) => offset, target: $serverOffset });

const isDigitsPush = (push: PushMessage): push is PushOf<typeof FUNC.digits> =>
  push.func === FUNC.digits;

/** The Digits topic's push: the period, on every phase change (subscribe to TOPIC.digits). */
export const roundPushed = sample({
  clock: pushReceived,
  filter: isDigitsPush,
  fn: (push): DigitRound => push.data,
});

/** One page of my bets of the mode on screen (betLog). */
export const fetchBetsFx = createApiEffect(endpoints.digits.betLog, { loading: false });

/** The Notice push a bettor gets with a result: anything of mine may have settled. */
export const noticePushed = sample({
  clock: pushReceived,
  filter: (push) => push.func === FUNC.notice,
  fn: () => undefined,
});

/**
 * The draws known, newest first, at most `limit`: a push carries fewer than getIssue read, so
 * its draws are put in front of those already known, each period once.
 */
export function mergeDraws(
  known: readonly DrawResult[],
  fresh: readonly DrawResult[],
  limit = RECENT_DRAWS,
): readonly DrawResult[] {
  const seen = new Set<string>();
  const out: DrawResult[] = [];
  for (const draw of [...fresh, ...known]) {
    if (seen.has(draw.issue)) continue;
    seen.add(draw.issue);
    out.push(draw);
  }
  return out.sort((a, b) => b.drawn_at - a.drawn_at).slice(0, limit);
}
