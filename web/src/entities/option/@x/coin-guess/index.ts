// What Coin Guess takes from the options desk: the server's clock. One server, one offset: the
// period's countdown and the options countdowns read the same one, measured by either's replies.
export { $deviceClock, $serverOffset, offsetOf } from '../../model/server-clock.ts';
