import { breakEvenWinRate, optionEstimate, optionPayout } from '@bourse/formulas/options';
import { formatAmount, type NumberStyle } from '#shared/format';
import type { OptionDuration, OptionOrder, OptionResult } from '@bourse/protocol';

/** What is left of an order's time, in ms (0 once due), by the server's clock. */
export const remainingMs = (settleAt: number, serverNow: number): number =>
  Math.max(0, settleAt - serverNow);

/** A countdown as a trader reads it: "0:42", "4:05", "1:02:09", "2d 03:04:05" stays digits. */
export function countdownText(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const seconds = total % 60;
  const minutes = Math.floor(total / 60) % 60;
  const hours = Math.floor(total / 3600) % 24;
  const days = Math.floor(total / 86_400);
  const two = (n: number) => String(n).padStart(2, '0');
  if (days > 0) return `${String(days)}d ${two(hours)}:${two(minutes)}:${two(seconds)}`;
  if (hours > 0) return `${String(hours)}:${two(minutes)}:${two(seconds)}`;
  return `${String(minutes)}:${two(seconds)}`;
}

/** The translation key and count of a duration's name ("30 s", "1 min", "1 week"). */
export const durationName = (
  duration: Pick<OptionDuration, 'unit' | 'value'>,
): { key: string; count: number } => ({
  key: `options.unit.${duration.unit}`,
  count: duration.value,
});

/** What a chip shows beside its duration: the payout on a win and the win rate to break even. */
export const chipFigures = (duration: Pick<OptionDuration, 'payout_rate'>) => ({
  payoutRate: duration.payout_rate,
  breakEven: breakEvenWinRate(duration.payout_rate).toFixed(2),
});

/** What a win pays back on `stake` at `rate` %, to the cent: what the buttons show. */
export const winPayout = (stake: string, rate: string): string =>
  optionPayout(stake, rate).toFixed(2);

/** The estimated profit or loss of a running order at `price`; null before it has an entry. */
export function estimateOf(
  order: Pick<OptionOrder, 'direction' | 'amount' | 'payout_rate' | 'open_price'>,
  price: string | null | undefined,
): string | null {
  if (order.open_price === null || price === null || price === undefined) return null;
  return optionEstimate(
    order.direction,
    order.amount,
    order.payout_rate,
    order.open_price,
    price,
  ).toFixed(2);
}

/** The tone a result or a signed amount is drawn in. */
export const toneOf = (value: string | null): 'profit' | 'loss' | undefined => {
  if (value === null || !/[1-9]/.test(value)) return undefined;
  return value.startsWith('-') ? 'loss' : 'profit';
};

export const RESULT_KEYS: Readonly<Record<OptionResult, string>> = {
  win: 'options.result.win',
  lose: 'options.result.lose',
  draw: 'options.result.draw',
  void: 'options.result.void',
};

/** An order is running while it waits for its start or counts down to its delivery. */
export const isRunning = (order: Pick<OptionOrder, 'status'>): boolean =>
  order.status === 'ordering' || order.status === 'trading';

const UNITS = [
  ['month', 2_592_000],
  ['week', 604_800],
  ['day', 86_400],
  ['hour', 3600],
  ['minute', 60],
] as const;

/** The name of a duration in seconds, in the largest unit it is a whole number of. */
export function durationOfSeconds(seconds: number): { key: string; count: number } {
  for (const [unit, size] of UNITS) {
    if (seconds >= size && seconds % size === 0) {
      return { key: `options.unit.${unit}`, count: seconds / size };
    }
  }
  return { key: 'options.unit.second', count: seconds };
}

/** A signed amount, two decimals in the reader's style: "+85.00", "-100.00", "0.00". */
export const signedAmount = (value: string, style: NumberStyle): string =>
  `${toneOf(value) === 'profit' ? '+' : ''}${formatAmount(value, 2, style)}`;
