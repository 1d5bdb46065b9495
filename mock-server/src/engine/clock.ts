/**
 * The simulated clock: the exchange's time, which QA can freeze and move forward. It is not the
 * wall clock the wire's `time` check uses (PROTOCOL.md §1), which nothing can move.
 */
export interface ClockState {
  /** ms added to the wall clock while running */
  offsetMs: number;
  /** the simulated time while frozen; null while running */
  frozenAt: number | null;
}

export class SimClock {
  private state: ClockState;

  constructor(
    private readonly wall: () => number = Date.now,
    state: ClockState = { offsetMs: 0, frozenAt: null },
  ) {
    this.state = { ...state };
  }

  now(): number {
    return this.state.frozenAt ?? this.wall() + this.state.offsetMs;
  }

  get frozen(): boolean {
    return this.state.frozenAt !== null;
  }

  freeze(): void {
    this.state = { offsetMs: this.state.offsetMs, frozenAt: this.now() };
  }

  resume(): void {
    if (this.state.frozenAt === null) return;
    this.state = { offsetMs: this.state.frozenAt - this.wall(), frozenAt: null };
  }

  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('the clock only moves forward');
    this.state =
      this.state.frozenAt === null
        ? { offsetMs: this.state.offsetMs + ms, frozenAt: null }
        : { offsetMs: this.state.offsetMs, frozenAt: this.state.frozenAt + ms };
  }

  snapshot(): ClockState {
    return { ...this.state };
  }

  restore(state: ClockState): void {
    this.state = { ...state };
  }
}
