import type { AccountMode, BetStatus, DrawResult } from '@bourse/protocol';

/**
 * One period as the engine keeps it. Its seed is the secret the commitment (its SHA-256) binds
 * the draw to: kept in the state from the opening, shown to no one until the draw reveals it.
 */
export interface PeriodRow {
  issue: string;
  opened_at: number;
  close_at: number;
  draw_at: number;
  next_open_at: number;
  /** hex, 32 bytes */
  seed: string;
  commitment: string;
  /** null until drawn */
  digits: number[] | null;
  number: number | null;
  drawn_at: number | null;
}

/** A bet as the engine keeps it: the wire's figures, whose it is; the proof once drawn. */
export interface BetRow {
  id: string;
  user_id: string;
  /** the account it moves: the mode the user was on when betting */
  account_mode: AccountMode;
  issue: string;
  bet_type: string;
  amount: string;
  odds: string;
  status: BetStatus;
  payout: string;
  commitment: string;
  draw: DrawResult | null;
  created_at: number;
  settled_at: number | null;
}

/** A result QA asked for, kept until the period it is for opens (control API, logged). */
export interface FixedResult {
  number: number;
  asked_at: number;
}

export interface DigitsState {
  /** the period taking bets or about to draw; null before the game first opens */
  current: PeriodRow | null;
  /** drawn periods, newest first, the latest DIGITS_RULES.kept_draws */
  drawn: DrawResult[];
  bets: BetRow[];
  next_bet_id: number;
  /** the timing in force (the fixtures', or what the control API set) */
  timing: { round_seconds: number; closing_seconds: number; drawn_seconds: number };
  /** results QA fixed for the next periods to open, in order */
  fixed: FixedResult[];
  /** what the control API did to the game, newest last: nothing is special-cased unseen */
  control_log: { at: number; action: string; detail: string }[];
}
