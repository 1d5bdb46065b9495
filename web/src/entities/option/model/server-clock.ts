import { createApiEffect } from '#shared/api';
import type { ApiError } from '#shared/api';
import { endpoints, type ResponseOf } from '@bourse/protocol';
import { attach, createEffect, createStore } from 'effector';

type DurationsReply = ResponseOf<typeof endpoints.options.getSecondList>;

/** This device's clock, in ms; a test forks it with its own. */
export const $deviceClock = createStore<() => number>(() => Date.now(), { serialize: 'ignore' });

/**
 * How far the server's clock is ahead of this device's, in ms, measured from the last duration
 * table's `server_time` against the middle of the round trip that brought it. Countdowns read
 * `device now + offset` each time they draw: a phone that slept or a tab that was hidden is right
 * again at the next draw, which a decrementing timer never is. 0 until the first reply.
 */
export const $serverOffset = createStore(0, { serialize: 'ignore' });

/** The offset one reply measures: its server time against the middle of its round trip. */
export const offsetOf = (serverTime: number, sentAt: number, receivedAt: number): number =>
  Math.round(serverTime - (sentAt + receivedAt) / 2);

const durationsCallFx = createApiEffect(endpoints.options.getSecondList, { loading: false });

/**
 * The durations of a symbol (getSecondList), timed: every reply also sets the server clock's
 * offset. The options page reads its table with it; the detail and the chart call it to measure
 * the offset their countdown needs.
 */
export const fetchDurationsFx = attach({
  source: $deviceClock,
  mapParams: (symbolId: string, clock) => ({ symbolId, clock }),
  effect: createEffect<
    { symbolId: string; clock: () => number },
    { reply: DurationsReply; offset: number },
    ApiError
  >(async ({ symbolId, clock }) => {
    const sentAt = clock();
    const reply = await durationsCallFx({ symbol_id: symbolId });
    return { reply, offset: offsetOf(reply.server_time, sentAt, clock()) };
  }),
});

$serverOffset.on(fetchDurationsFx.doneData, (_, { offset }) => offset);
