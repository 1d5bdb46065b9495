// What the bench pages hand back to the runner (`page.evaluate`), one definition for both sides:
// the runner's project and the pages' project both include this file.

export type Library = 'bourse' | 'lightweight-charts';

/** Milliseconds per run: main-thread work (the call and the frame callbacks it caused), and until painted. */
export interface Timing {
  readonly work: number[];
  readonly painted: number[];
}

export interface ChartSample {
  readonly library: Library;
  readonly candles: number;
  readonly setData: Timing;
  readonly update: Timing;
}

export interface ChartBenchOptions {
  readonly sizes: readonly number[];
  readonly runs: number;
}

export interface MarketBenchOptions {
  readonly symbols: number;
  readonly hz: number;
  readonly ticks: number;
  readonly warmupTicks: number;
}

export interface MarketSample {
  readonly symbols: number;
  /** symbols the list holds (its table's aria-rowcount, without the header row) */
  readonly listed: number;
  /** quote rows rendered once the list was shown: the list may render only the rows in view */
  readonly rows: number;
  readonly hz: number;
  /**
   * per tick, main-thread work only: the socket's message task (from the frame arriving) plus
   * the next frame's callbacks, the microtasks they queued (React) and style and layout
   */
  readonly tickMs: number[];
  /** the message task's part of each tick (parse and check, and what the app does at once) */
  readonly messageMs: number[];
  /** long tasks (over 50 ms) while the ticks came in */
  readonly longTasks: number[];
}

export interface ContractBenchOptions {
  /** open positions, each on a symbol of its own, every price moving each tick */
  readonly positions: number;
  readonly hz: number;
  readonly ticks: number;
  readonly warmupTicks: number;
}

export interface ContractSample {
  readonly positions: number;
  /** position cards rendered once the list was shown */
  readonly cards: number;
  readonly hz: number;
  /** per tick, main-thread work only, measured as MarketSample's */
  readonly tickMs: number[];
  readonly messageMs: number[];
  readonly longTasks: number[];
}

export interface OptionsPageBenchOptions {
  /** running orders, each on a symbol of its own, every price moving each tick */
  readonly orders: number;
  readonly hz: number;
  readonly ticks: number;
  readonly warmupTicks: number;
}

export interface OptionsPageSample {
  readonly orders: number;
  /** running-order cards rendered once the list was shown */
  readonly cards: number;
  readonly hz: number;
  /** per tick, main-thread work only, measured as MarketSample's */
  readonly tickMs: number[];
  readonly messageMs: number[];
  readonly longTasks: number[];
}
