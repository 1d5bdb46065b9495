import type { DigitRound, RoundPhase } from '@bourse/protocol';

const ORDER: readonly RoundPhase[] = ['betting', 'closing', 'drawn'];

/** What the period's clock says on screen: the phase, and when it ends (server ms). */
export interface PhaseNow {
  readonly phase: RoundPhase;
  /** betting: when bets close; closing: when the digits are drawn; drawn: the next opening */
  readonly until: number;
}

/**
 * The phase at `serverNow`: the later of what the server said and what its own times say, so the
 * board locks the moment betting closes even if the push is a little late, and never reopens
 * before the server says so.
 */
export function phaseAt(round: DigitRound, serverNow: number): PhaseNow {
  const byClock: RoundPhase =
    serverNow < round.close_at ? 'betting' : serverNow < round.draw_at ? 'closing' : 'drawn';
  const phase = ORDER[Math.max(ORDER.indexOf(byClock), ORDER.indexOf(round.phase))] ?? 'drawn';
  const until =
    phase === 'betting' ? round.close_at : phase === 'closing' ? round.draw_at : round.next_open_at;
  return { phase, until };
}
