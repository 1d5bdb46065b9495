import { appStarted, pageHidden, perFrame } from '#shared/lib';
import { pushReceived, topicSubscribed, topicUnsubscribed } from '#shared/socket';
import { storageKey } from '#shared/storage';
import type { PushMessage, PushOf } from '@bourse/protocol';
import { ticker, type Ticker } from '@bourse/protocol/endpoints/market';
import { FUNC, TOPIC } from '@bourse/protocol/socket/wire';
import { attach, createEffect, createEvent, createStore, sample, scopeBind } from 'effector';
import { createGate } from 'effector-react';
import { persist } from 'effector-storage/local';
import { z } from 'zod/mini';

export type { Ticker };

const isData24h = (push: PushMessage): push is PushOf<typeof FUNC.data24h> =>
  push.func === FUNC.data24h;

const data24hPushed = sample({
  clock: pushReceived,
  filter: isData24h,
  fn: (push) => push.data,
});

/**
 * Data24h pushes, applied at most once per frame: each push is the whole market, so the latest
 * of a frame wins and the ones before it never cost a render.
 */
const data24hFrame = perFrame(data24hPushed);

/** The latest Data24h push: "latest 24h market data" (SPEC.md §3), kept on this device. */
export const $data24h = createStore<readonly Ticker[] | null>(null).on(
  data24hFrame.applied,
  (_, tickers) => tickers,
);

/**
 * The latest 24 h ticker of every symbol, by symbol id. It changes as a whole once per frame:
 * read one symbol's with `useTicker` (or `useStoreMap` keyed by the id), so that a screen
 * re-renders only the rows whose numbers moved.
 */
export const $tickers = $data24h.map((list): Readonly<Record<string, Ticker>> => {
  const byId: Record<string, Ticker> = {};
  for (const item of list ?? []) byId[item.symbol_id] = item;
  return byId;
});

/**
 * Mounted by every screen that shows live prices: the feed is subscribed to Data24h while at
 * least one of them is on screen (the socket counts holders).
 */
export const MarketFeedGate = createGate<Record<string, never>>('MarketFeedGate');

sample({ clock: MarketFeedGate.open, fn: () => TOPIC.data24h, target: topicSubscribed });
sample({ clock: MarketFeedGate.close, fn: () => TOPIC.data24h, target: topicUnsubscribed });

// ---- keeping the 24h data ------------------------------------------------------------------

// SPEC.md §3 keeps the latest 24h market data across reloads. It is a cache for the next start
// (the feed replaces it within a second of opening), it comes several times a second for every
// symbol, and writing it to local storage is synchronous main-thread work that grows with the
// market (tens of milliseconds for a few hundred symbols on a slow phone). So it is written
// when the page is hidden or left, which is the moment a phone may stop running it, and at
// most once per DATA24H_SAVE_INTERVAL_MS otherwise, in case the page is never hidden.

/** At most one write of the 24h market data to local storage per this many milliseconds. */
export const DATA24H_SAVE_INTERVAL_MS = 30_000;

type Timer = ReturnType<typeof setTimeout>;

const data24hSaveDue = createEvent();
/** Writes `$data24h` to local storage. */
const data24hSaved = createEvent();

/** A push was applied after the last write. */
const $data24hUnsaved = createStore(false, { serialize: 'ignore' });
const $data24hSaveTimer = createStore<Timer | null>(null, { serialize: 'ignore' });

const startData24hSaveTimerFx = createEffect((): Timer => {
  const due = scopeBind(data24hSaveDue, { safe: true });
  return setTimeout(() => {
    due();
  }, DATA24H_SAVE_INTERVAL_MS);
});
const cancelData24hSaveTimerFx = attach({
  source: $data24hSaveTimer,
  effect: (timer: Timer | null) => {
    if (timer !== null) clearTimeout(timer);
  },
});

$data24hUnsaved.on(data24hFrame.applied, () => true).reset(data24hSaved);
$data24hSaveTimer
  .on(startData24hSaveTimerFx.doneData, (_, timer) => timer)
  .reset(data24hSaveDue, cancelData24hSaveTimerFx.finally);

// the first push after a write starts the wait; those during it only replace the data
sample({
  clock: data24hFrame.applied,
  source: $data24hSaveTimer,
  filter: (timer) => timer === null,
  target: startData24hSaveTimerFx,
});
sample({ clock: data24hSaveDue, target: data24hSaved });
// a hidden page draws no frames: what came since the last one is applied before the write
sample({ clock: pageHidden, target: data24hFrame.flushed });
sample({
  clock: pageHidden,
  source: $data24hUnsaved,
  filter: Boolean,
  target: [cancelData24hSaveTimerFx, data24hSaved],
});

// As `persistLocal` does (the same key, read when the app starts), written on `data24hSaved`.
persist({
  store: $data24h,
  key: storageKey('data24h'),
  contract: z.nullable(z.array(ticker)),
  pickup: appStarted,
  clock: data24hSaved,
});
