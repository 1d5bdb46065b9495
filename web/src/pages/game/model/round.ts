import {
  fetchBetsFx,
  fetchGameInfoFx,
  fetchRoundFx,
  mergeDraws,
  noticePushed,
  roundPushed,
} from '#entities/coin-guess';
import { createApiEffect } from '#shared/api';
import { createMoneyIntent } from '#shared/api/intent';
import { $accountType } from '#shared/session';
import { feedBound, pageVisible, topicSubscribed, topicUnsubscribed } from '#shared/socket';
import { formatAmount } from '#shared/format';
import { $i18n } from '#shared/i18n';
import { $numberStyle } from '#shared/typed-number';
import { notifyFx, showToastFx } from '#shared/ui/toast';
import { endpoints, TOPIC, type Bet, type DigitRound, type DrawResult } from '@bourse/protocol';
import { attach, combine, createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';

/** The Coin Guess page is on screen. */
export const GameGate = createGate<Record<string, never>>({ name: 'GamePage', defaultState: {} });
/** The error state's button. */
export const retryClicked = createEvent();

// ---- the rules -----------------------------------------------------------------------------

sample({ clock: [GameGate.open, retryClicked], fn: () => ({}), target: fetchGameInfoFx });
/** The rules; null while they load. */
export const $info = createStore<Awaited<ReturnType<typeof fetchGameInfoFx>> | null>(null, {
  serialize: 'ignore',
}).on(fetchGameInfoFx.doneData, (_, info) => info);

// ---- the period ----------------------------------------------------------------------------

// The period is read on opening, on retry, whenever the page shows again (the offset is measured
// anew, so a phone that slept counts down right at once) and when the feed binds again (pushes
// may have been missed meanwhile).
sample({ clock: [GameGate.open, retryClicked], target: fetchRoundFx });
sample({ clock: [pageVisible, feedBound], filter: GameGate.status, target: fetchRoundFx });
sample({ clock: GameGate.open, fn: () => TOPIC.digits, target: topicSubscribed });
sample({ clock: GameGate.close, fn: () => TOPIC.digits, target: topicUnsubscribed });

/** The period on screen; null while it loads. */
export const $round = createStore<DigitRound | null>(null, { serialize: 'ignore' })
  .on(fetchRoundFx.doneData, (_, { round }) => round)
  .on(roundPushed, (_, round) => round);
/** The last hundred draws, newest first: the reply's, with each push's new ones in front. */
export const $draws = createStore<readonly DrawResult[]>([], { serialize: 'ignore' })
  .on(fetchRoundFx.doneData, (_, { round }) => mergeDraws([], round.recent_draws))
  .on(roundPushed, (known, round) => mergeDraws(known, round.recent_draws));
export const $loadFailed = createStore(false, { serialize: 'ignore' })
  .on([fetchRoundFx.fail, fetchGameInfoFx.fail], () => true)
  .reset(retryClicked, fetchRoundFx.done);

/** The period and phase last seen ("20261127-0931 betting"), to tell a change from a repeat. */
const $seenPhase = createStore<string | null>(null, { serialize: 'ignore' });
/** The phase moved (a push that is another phase or another period). */
export const phaseChanged = sample({
  clock: roundPushed,
  source: $seenPhase,
  filter: (seen, round) => seen !== `${round.issue} ${round.phase}`,
  fn: (_, round) => round,
});
$seenPhase
  .on([phaseChanged], (_, round) => `${round.issue} ${round.phase}`)
  .on(fetchRoundFx.doneData, (_, { round }) => `${round.issue} ${round.phase}`);

// ---- my bets of the period -----------------------------------------------------------------

/** How many bets of one period the page reads at most. */
export const OPEN_BETS_LIMIT = 50;
/** How many of my latest bets the page shows with their results. */
export const LATEST_BETS_LIMIT = 5;
const openBetsRequested = createEvent();
// the page's own reads of betLog: the records page's replies are not this page's lists
const fetchOpenBetsFx = attach({
  effect: fetchBetsFx,
  mapParams: () => ({ status: 'pending' as const, page: 1, limit: OPEN_BETS_LIMIT }),
});
const fetchLatestBetsFx = attach({
  effect: fetchBetsFx,
  mapParams: () => ({ page: 1, limit: LATEST_BETS_LIMIT }),
});
sample({ clock: openBetsRequested, target: [fetchOpenBetsFx, fetchLatestBetsFx] });
sample({ clock: [GameGate.open, retryClicked], target: openBetsRequested });
// a phase change settles bets; a Notice says mine did; another mode is other bets
sample({
  clock: [phaseChanged, noticePushed, $accountType.updates, pageVisible, feedBound],
  filter: GameGate.status,
  target: openBetsRequested,
});

/** A bet placed or cancelled: the list follows it before the next read. */
export const betChanged = createEvent<Bet>();

/** My bets still waiting for their draw, newest first; null while they load. */
export const $openBets = createStore<readonly Bet[] | null>(null, { serialize: 'ignore' })
  .on(fetchOpenBetsFx.doneData, (_, reply) => reply.list)
  .on(betChanged, (list, bet) => {
    const others = (list ?? []).filter((one) => one.id !== bet.id);
    return bet.status === 'pending' ? [bet, ...others] : others;
  })
  .reset($accountType.updates);

/** My latest bets that are settled, with what each paid: won, lost or cancelled. */
export const $latestResults = createStore<readonly Bet[] | null>(null, { serialize: 'ignore' })
  .on(fetchLatestBetsFx.doneData, (_, reply) =>
    reply.list.filter((bet) => bet.status !== 'pending'),
  )
  .reset($accountType.updates);

/** The ids of my bets seen waiting for their draw while the page was on screen. */
const $watched = createStore<ReadonlySet<string>>(new Set(), { serialize: 'ignore' })
  .on($openBets.updates, (watched, list) => new Set([...watched, ...(list ?? []).map((b) => b.id)]))
  .reset(GameGate.close, $accountType.updates);

/** A bet of mine that was waiting came back won or lost: its result, for a moment. */
export const betSettled = sample({
  clock: fetchLatestBetsFx.doneData,
  source: $watched,
  fn: (watched, reply) =>
    reply.list.filter(
      (bet) => watched.has(bet.id) && (bet.status === 'won' || bet.status === 'lost'),
    ),
}).filterMap((settled) => settled[0]);
$watched.on(betSettled, (watched, bet) => new Set([...watched].filter((id) => id !== bet.id)));

/** Says how it ended: "Period 20261127-0931: won 97.00 USDT" or "lost". */
const settledToastFx = attach({
  source: { i18n: $i18n, style: $numberStyle },
  mapParams: (bet: Bet, { i18n, style }) => {
    const key = `game.settledToast.${bet.status === 'won' ? 'won' : 'lost'}`;
    const values = { issue: bet.issue, amount: formatAmount(bet.payout, 2, style) };
    return i18n?.t(key, values) ?? key;
  },
  effect: showToastFx,
});
sample({ clock: betSettled, target: settledToastFx });

/** My bets on the period on screen (what counts towards its limit). */
export const $betsThisPeriod = combine($openBets, $round, (bets, round) =>
  (bets ?? []).filter((bet) => bet.issue === round?.issue),
);

// ---- cancelling ----------------------------------------------------------------------------

/** A bet's "Cancel": its whole stake comes back while the period takes bets. */
export const cancelClicked = createEvent<string>();
/** One request id per bet cancelled: a double tap cancels once. */
const $lastCancelled = createStore<string | null>(null);
const cancelSwitched = sample({
  clock: cancelClicked,
  source: $lastCancelled,
  filter: (last, id) => last !== id,
  fn: (_, id) => id,
});
$lastCancelled.on(cancelSwitched, (_, id) => id);
export const cancelBet = createMoneyIntent({
  effect: createApiEffect(endpoints.digits.cancelBet),
  renewOn: [cancelSwitched],
});
export const $cancelling = createStore<string | null>(null)
  .on(cancelClicked, (_, id) => id)
  .reset(cancelBet.sendFx.finally);
sample({
  clock: cancelClicked,
  filter: cancelBet.$pending.map((pending) => !pending),
  fn: (id) => ({ bet_id: id }),
  target: cancelBet.sendFx,
});
sample({ clock: cancelBet.sendFx.doneData, target: betChanged });
sample({ clock: cancelBet.sendFx.done, fn: () => 'game.cancelled', target: notifyFx });
