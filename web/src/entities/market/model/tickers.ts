import { $data24h, topicSubscribed, topicUnsubscribed } from '#shared/socket';
import { TOPIC, type Ticker } from '@bourse/protocol';
import { sample } from 'effector';
import { createGate } from 'effector-react';

export type { Ticker };

/** The latest 24 h ticker of every symbol, by symbol id (kept across reloads by the socket). */
export const $tickers = $data24h.map((list): Readonly<Record<string, Ticker>> =>
  Object.fromEntries((list ?? []).map((ticker) => [ticker.symbol_id, ticker])),
);

/**
 * Mounted by every screen that shows live prices: the feed is subscribed to Data24h while at
 * least one of them is on screen (the socket counts holders).
 */
export const MarketFeedGate = createGate<Record<string, never>>('MarketFeedGate');

sample({ clock: MarketFeedGate.open, fn: () => TOPIC.data24h, target: topicSubscribed });
sample({ clock: MarketFeedGate.close, fn: () => TOPIC.data24h, target: topicUnsubscribed });
