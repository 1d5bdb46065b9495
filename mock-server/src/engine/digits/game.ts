import { DIGITS_RULES } from '@bourse/fixtures';
import { betOdds, betProbability, DIGIT_BET_IDS, type DigitBetId } from '@bourse/formulas/digits';
import type { Bet, BetKind, BetType, DigitRound, RoundPhase } from '@bourse/protocol';
import type { EngineClock } from '../kernel/clockwork.ts';
import type { DomainServices } from '../kernel/domain.ts';
import { Emitter } from '../kernel/emitter.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { wireAmount } from '../ledger/money.ts';
import type { Requests } from '../ledger/requests.ts';
import type { StateStore } from '../state.ts';
import type { Users } from '../users/users.ts';
import type { RandomBytes } from './draw.ts';
import type { BetRow, DigitsState, PeriodRow } from './types.ts';

/** What the game tells the outside: every phase change to the topic, each bettor's result. */
export type DigitsEvent =
  | { type: 'round'; round: DigitRound }
  | {
      type: 'notice';
      userId: string;
      notice: { id: string; title: string; summary: string; created_at: number };
    };

const kindOf = (id: DigitBetId): BetKind => {
  if (id === 'big' || id === 'small') return 'size';
  if (id === 'odd' || id === 'even') return 'parity';
  if (id.startsWith('extreme_')) return 'extreme';
  if (id.startsWith('sum_')) return 'sum';
  return 'combo';
};

/** every bet type with its chance and its odds at the published edge (digitInfo) */
export const BET_TYPES: readonly BetType[] = DIGIT_BET_IDS.map((id) => {
  const kind = kindOf(id);
  const bounds = DIGITS_RULES.bounds[kind];
  return {
    id,
    kind,
    sum: kind === 'sum' ? Number(id.slice('sum_'.length)) : null,
    probability: betProbability(id).toFixed(),
    odds: betOdds(id, DIGITS_RULES.house_edge).toFixed(2),
    min_amount: bounds.min,
    max_amount: bounds.max,
  };
});

export const emptyDigitsState = (): DigitsState => ({
  current: null,
  drawn: [],
  bets: [],
  next_bet_id: 8001,
  timing: {
    round_seconds: DIGITS_RULES.round_seconds,
    closing_seconds: DIGITS_RULES.closing_seconds,
    drawn_seconds: DIGITS_RULES.drawn_seconds,
  },
  fixed: [],
  control_log: [],
});

/**
 * What the game's rooms share: the slice, the bets still pending indexed by period, the ledger,
 * the source of seeds, and the views of a period and a bet.
 */
export class GameCore {
  readonly events = new Emitter<DigitsEvent>();
  readonly store: StateStore;
  readonly clock: EngineClock;
  readonly users: Users;
  readonly ledger: Ledger;
  readonly requests: Requests;
  /**
   * bets still pending, by period, in the order placed (a set: a bet drawn or cancelled leaves it
   * at once, however many the period holds), and by period and user (a bet checks its owner's
   * bets on the period, never every bet)
   */
  private readonly pending = new Map<string, Set<BetRow>>();
  private readonly pendingByUser = new Map<string, Map<string, Set<BetRow>>>();

  constructor(
    services: DomainServices,
    private readonly slice: () => DigitsState,
    readonly random: RandomBytes,
  ) {
    this.store = services.store;
    this.clock = services.clock;
    this.users = services.users;
    this.ledger = services.ledger;
    this.requests = services.requests;
  }

  get data(): DigitsState {
    return this.slice();
  }

  now(): number {
    return this.clock.now();
  }

  reindex(): void {
    this.pending.clear();
    this.pendingByUser.clear();
    for (const bet of this.data.bets) if (bet.status === 'pending') this.track(bet);
  }

  /** Keeps the indexes of pending bets in step with a bet placed, drawn or cancelled. */
  track(bet: BetRow): void {
    const byUser = this.pendingByUser.get(bet.issue) ?? new Map<string, Set<BetRow>>();
    if (bet.status === 'pending') {
      const all = this.pending.get(bet.issue) ?? new Set<BetRow>();
      all.add(bet);
      this.pending.set(bet.issue, all);
      const mine = byUser.get(bet.user_id) ?? new Set<BetRow>();
      mine.add(bet);
      byUser.set(bet.user_id, mine);
      this.pendingByUser.set(bet.issue, byUser);
      return;
    }
    const all = this.pending.get(bet.issue);
    all?.delete(bet);
    if (all?.size === 0) this.pending.delete(bet.issue);
    const mine = byUser.get(bet.user_id);
    mine?.delete(bet);
    if (mine?.size === 0) byUser.delete(bet.user_id);
    if (byUser.size === 0) this.pendingByUser.delete(bet.issue);
  }

  /** the period's pending bets, in the order placed */
  pendingOf(issue: string): readonly BetRow[] {
    return [...(this.pending.get(issue) ?? [])];
  }

  /** one user's pending bets on the period, in the order placed */
  pendingOfUser(issue: string, userId: string): readonly BetRow[] {
    return [...(this.pendingByUser.get(issue)?.get(userId) ?? [])];
  }

  /** whether the user has a bet waiting for a draw, in either mode */
  holdsOpen(userId: string): boolean {
    for (const byUser of this.pendingByUser.values()) {
      if (byUser.has(userId)) return true;
    }
    return false;
  }

  phaseOf(period: PeriodRow, at: number): RoundPhase {
    if (period.digits !== null || at >= period.draw_at) return 'drawn';
    return at < period.close_at ? 'betting' : 'closing';
  }

  roundView(period: PeriodRow, recent = 20): DigitRound {
    const at = this.now();
    const draw = this.data.drawn.find((item) => item.issue === period.issue) ?? null;
    return {
      issue: period.issue,
      phase: this.phaseOf(period, at),
      opened_at: period.opened_at,
      close_at: period.close_at,
      draw_at: period.draw_at,
      next_open_at: period.next_open_at,
      server_time: at,
      commitment: period.commitment,
      draw,
      recent_draws: this.data.drawn.slice(0, recent),
    };
  }

  betView(row: BetRow): Bet {
    return {
      id: row.id,
      issue: row.issue,
      bet_type: row.bet_type,
      amount: wireAmount(row.amount),
      odds: row.odds,
      status: row.status,
      payout: wireAmount(row.payout),
      draw: row.draw,
      commitment: row.commitment,
      created_at: row.created_at,
      settled_at: row.settled_at,
      account_mode: row.account_mode,
    };
  }
}
