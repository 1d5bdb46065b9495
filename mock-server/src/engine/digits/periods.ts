import { DIGITS_RULES } from '@bourse/fixtures';
import type { BetDesk } from './bets.ts';
import { drawOf, newSeed } from './draw.ts';
import type { GameCore } from './game.ts';
import type { PeriodRow } from './types.ts';

const DAY_MS = 86_400_000;
const KEYS = { close: 'digits:close', draw: 'digits:draw', open: 'digits:open' } as const;

/** 20261127 of a moment, in UTC */
const dayOf = (at: number): string => new Date(at).toISOString().slice(0, 10).replaceAll('-', '');

/**
 * The game's clock: one period after another, each opened with a fresh seed whose commitment is
 * published at once, closed to bets, drawn and shown, then the next. Every step is due work on
 * the engine's one scheduler; after a restart the periods missed are opened and drawn in order
 * (their bets paid once each), up to now.
 */
export class Periods {
  constructor(
    private readonly core: GameCore,
    private readonly desk: BetDesk,
  ) {}

  get current(): PeriodRow | null {
    return this.core.data.current;
  }

  /** Puts the game's due work back from the state; a game never opened opens now. */
  reschedule(): void {
    const period = this.current;
    if (period === null) {
      const roundMs = this.core.data.timing.round_seconds * 1000;
      this.open(Math.floor(this.core.now() / roundMs) * roundMs);
      return;
    }
    this.schedule(period);
  }

  private schedule(period: PeriodRow): void {
    const clock = this.core.clock;
    if (period.digits === null) {
      clock.schedule(KEYS.close, period.close_at, () => {
        this.announce();
      });
      clock.schedule(KEYS.draw, period.draw_at, (at) => {
        this.draw(at);
      });
    }
    clock.schedule(KEYS.open, period.next_open_at, (at) => {
      this.open(at);
    });
  }

  /** the issue of a period opening at `at`: its day and its number in the day */
  private issueAt(at: number): string {
    const day = dayOf(at);
    const roundMs = this.core.data.timing.round_seconds * 1000;
    let sequence = Math.floor((at - Math.floor(at / DAY_MS) * DAY_MS) / roundMs) + 1;
    const previous = this.current?.issue;
    if (previous?.startsWith(day)) {
      sequence = Math.max(sequence, Number(previous.slice(9)) + 1);
    }
    return `${day}-${String(sequence).padStart(4, '0')}`;
  }

  /** Opens a period at `at`: its seed made (for a fixed result, searched) before it is published. */
  open(at: number): void {
    const data = this.core.data;
    const { round_seconds: round, closing_seconds: closing, drawn_seconds: shown } = data.timing;
    const issue = this.issueAt(at);
    const fixed = data.fixed.shift();
    const { seed, commitment } = newSeed(this.core.random, issue, fixed?.number ?? null);
    if (fixed) {
      data.control_log.push({
        at,
        action: 'fixed result used',
        detail: `${issue}: ${String(fixed.number)} (asked at ${new Date(fixed.asked_at).toISOString()})`,
      });
    }
    const nextOpen = at + round * 1000;
    const drawAt = nextOpen - shown * 1000;
    const period: PeriodRow = {
      issue,
      opened_at: at,
      close_at: drawAt - closing * 1000,
      draw_at: drawAt,
      next_open_at: nextOpen,
      seed,
      commitment,
      digits: null,
      number: null,
      drawn_at: null,
    };
    data.current = period;
    this.core.store.changed();
    this.schedule(period);
    this.announce();
  }

  /** Draws the current period at `at`, reveals its seed and pays its bets. */
  draw(at: number): void {
    const period = this.current;
    if (period === null || period.digits !== null) return;
    const result = drawOf(period, at);
    period.digits = result.digits;
    period.number = result.number;
    period.drawn_at = at;
    const data = this.core.data;
    data.drawn.unshift(result);
    if (data.drawn.length > DIGITS_RULES.kept_draws) data.drawn.length = DIGITS_RULES.kept_draws;
    this.desk.settle(result);
    this.core.store.changed();
    this.announce();
  }

  /** the period as the Digits topic hears of it, on every phase change */
  private announce(): void {
    const period = this.current;
    if (period) this.core.events.emit({ type: 'round', round: this.core.roundView(period) });
  }
}
