// The options desk (issue 13): the server's clock, option orders and their pushes, the figures
// every options screen shows (through the shared formulas), and the countdown.
export { $deviceClock, $serverOffset, fetchDurationsFx, offsetOf } from './model/server-clock.ts';
export { fetchOptionOrdersFx, findOptionOrderFx, optionPushed } from './model/orders.ts';
export {
  chipFigures,
  countdownText,
  durationName,
  durationOfSeconds,
  estimateOf,
  isRunning,
  remainingMs,
  RESULT_KEYS,
  signedAmount,
  toneOf,
  winPayout,
} from './lib/figures.ts';
export { Countdown } from './ui/countdown.tsx';
export { useServerNow } from './ui/server-now.ts';
