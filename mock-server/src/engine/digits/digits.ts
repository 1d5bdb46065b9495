import { DIGITS_RULES } from '@bourse/fixtures';
import type { Bet, BetStatus, DigitRound } from '@bourse/protocol';
import { EngineError } from '../errors.ts';
import type { DomainServices } from '../kernel/domain.ts';
import { pageOf, type Page } from '../kernel/page.ts';
import { BetDesk, type BetInput } from './bets.ts';
import type { RandomBytes } from './draw.ts';
import { BET_TYPES, GameCore, type DigitsEvent } from './game.ts';
import { Periods } from './periods.ts';
import type { BetRow, DigitsState } from './types.ts';

export type { DigitsEvent };

/** the shortest period the control API may set: four-digit period numbers last a day */
const MIN_ROUND_SECONDS = 10;

/**
 * Coin Guess (/api/Digits/*), one engine domain in three rooms:
 * - game.ts: the slice, the pending bets, the bet types priced from the formulas, the views;
 * - periods.ts: the periods on the engine's clock, each committed to before its bets and drawn
 *   (draw.ts: HMAC-SHA256 under the revealed seed) at its time;
 * - bets.ts: betting, cancelling before closing, paying at the draw.
 * Calls answer for the user's current mode; each bet moves the account of the mode it was
 * placed on.
 */
export class Digits {
  private readonly core: GameCore;
  private readonly desk: BetDesk;
  private readonly periods: Periods;

  constructor(services: DomainServices, slice: () => DigitsState, random: RandomBytes) {
    this.core = new GameCore(services, slice, random);
    this.desk = new BetDesk(this.core);
    this.periods = new Periods(this.core, this.desk);
  }

  onEvent(listener: (event: DigitsEvent) => void): () => void {
    return this.core.events.on(listener);
  }

  reload(): void {
    this.core.reindex();
    this.periods.reschedule();
  }

  info() {
    const timing = this.core.data.timing;
    return {
      bet_types: [...BET_TYPES],
      currency: 'USDT' as const,
      house_edge: DIGITS_RULES.house_edge,
      max_per_period: DIGITS_RULES.max_per_period,
      round_seconds: timing.round_seconds,
      closing_seconds: timing.closing_seconds,
      drawn_seconds: timing.drawn_seconds,
      account: DIGITS_RULES.account,
    };
  }

  round(recent = 20): DigitRound {
    const period = this.periods.current;
    if (period === null) throw new EngineError('not_found', 'not_found');
    return this.core.roundView(period, recent);
  }

  addBet(userId: string, body: BetInput): Bet {
    return this.desk.addBet(userId, body, this.periods.current);
  }

  cancel(userId: string, body: { bet_id: string; request_id: string }): Bet {
    return this.desk.cancel(userId, body, this.periods.current);
  }

  /** The user's bets of the current mode, newest first. */
  bets(
    userId: string,
    query: {
      status?: BetStatus | undefined;
      issue?: string | undefined;
      page: number;
      limit: number;
    },
  ): Page<Bet> {
    const mode = this.core.users.get(userId).account_mode;
    const rows = this.core.data.bets
      .filter(
        (bet) =>
          bet.user_id === userId &&
          bet.account_mode === mode &&
          (query.status === undefined || bet.status === query.status) &&
          (query.issue === undefined || bet.issue === query.issue),
      )
      .toReversed();
    const page = pageOf(rows, query.page, query.limit);
    return { ...page, list: page.list.map((row) => this.core.betView(row)) };
  }

  /** Every bet of a user, every mode, oldest first: for tests and the control API. */
  betRows(userId: string): readonly BetRow[] {
    return this.core.data.bets.filter((bet) => bet.user_id === userId);
  }

  holdsOpen(userId: string): boolean {
    return this.core.holdsOpen(userId);
  }

  // ---- the control API: timing and fixed results, logged -----------------------------------

  /**
   * The special number of the next period to open (then the one after, for each call): its seed
   * is searched for before its commitment is published, so its proof holds like any other's.
   */
  fixNext(number: number): { queued: number[] } {
    const data = this.core.data;
    data.fixed.push({ number, asked_at: this.core.now() });
    data.control_log.push({
      at: this.core.now(),
      action: 'fix next result',
      detail: String(number),
    });
    this.core.store.changed();
    return { queued: data.fixed.map((item) => item.number) };
  }

  /** The timing of the periods that open from now on. */
  setTiming(timing: { round_seconds: number; closing_seconds: number; drawn_seconds: number }) {
    const { round_seconds: round, closing_seconds: closing, drawn_seconds: shown } = timing;
    if (round < MIN_ROUND_SECONDS || closing < 1 || shown < 0 || closing + shown >= round) {
      throw new EngineError('invalid', 'bad_request');
    }
    const data = this.core.data;
    data.timing = { round_seconds: round, closing_seconds: closing, drawn_seconds: shown };
    data.control_log.push({
      at: this.core.now(),
      action: 'timing',
      detail: `${String(round)} s, closing ${String(closing)} s, shown ${String(shown)} s`,
    });
    this.core.store.changed();
    return data.timing;
  }

  controlLog(): DigitsState['control_log'] {
    return [...this.core.data.control_log];
  }
}
