import type { SimClock } from '../clock.ts';
import { Scheduler, type DueWork } from './scheduler.ts';

/**
 * What a domain watching prices asks of the market: for each symbol, the nearest levels at which
 * something of its may fire (a resting limit, a take profit, a stop loss, a liquidation, an
 * auto-margin top-up). `version` changes whenever the levels do, so a scan already made can be
 * reused while it has not.
 */
export interface PriceWatch {
  symbolId: string;
  /** look when the last price reaches this or more (null: nothing above) */
  above: number | null;
  /** look when the last price reaches this or less (null: nothing below) */
  below: number | null;
  version: number;
}

export interface PriceWatcher {
  watches(): Iterable<PriceWatch>;
  /**
   * The market's price of `symbolId` at `at` reached one of its levels: settle what that price
   * sets off (the watcher checks each trigger exactly; a level is only where to look).
   */
  onPrice(symbolId: string, at: number): void;
}

/** The market as the engine's time reads it. */
export interface PriceSource {
  /**
   * The first whole second in (from, to] at which the symbol's last price is at or above `above`
   * or at or below `below` (looser by half a tick, never stricter), or null.
   */
  firstCrossing(
    symbolId: string,
    from: number,
    to: number,
    above: number | null,
    below: number | null,
  ): number | null;
  /** the symbol's last price at t, as a number (for a watch at the price of the moment) */
  lastPrice(symbolId: string, t: number): number;
  /** changes whenever the symbol's prices to come change (the control API set a price) */
  revision(symbolId: string): number;
}

/** What a domain sees of the engine's time. */
export interface EngineClock {
  /** the moment being settled while due work runs; the simulated clock's now otherwise */
  now(): number;
  /** runs `run` once at `at` of the simulated clock (replacing the key's earlier item) */
  schedule(key: string, at: number, run: DueWork): void;
  cancel(key: string): void;
}

interface Scan {
  version: number;
  revision: number;
  from: number;
  to: number;
  at: number | null;
}

/**
 * The engine's time: the simulated clock, the one queue of due work, and the market's prices,
 * settled together in time order. Moving to a moment (`runTo`) runs, earliest first, every price
 * the market produced since the last move that reaches a watched level, and every item of due
 * work, each at its own moment, so the order of events does not depend on when anyone looked:
 * a level crossed and crossed back between two looks still fires, at the price that crossed it.
 *
 * Nothing outside the engine moves it: the exchange runs it up to now before each call it
 * serves, after the control API moves the clock or a price, and from its own timer (`start`),
 * which wakes when the next item is due or the next whole second a watched price may move.
 */
export class Clockwork implements EngineClock {
  readonly scheduler = new Scheduler();
  private readonly watchers: PriceWatcher[] = [];
  /** everything up to this moment has been settled */
  private cursor: number;
  /** the moment being settled, while running */
  private current: number | null = null;
  private running = false;
  private readonly scans = new Map<string, Scan>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly clock: SimClock,
    private readonly market: PriceSource,
  ) {
    this.cursor = clock.now();
  }

  now(): number {
    return this.current ?? this.clock.now();
  }

  schedule(key: string, at: number, run: DueWork): void {
    this.scheduler.schedule(key, at, run);
    this.rearm();
  }

  cancel(key: string): void {
    this.scheduler.cancel(key);
  }

  watch(watcher: PriceWatcher): void {
    this.watchers.push(watcher);
  }

  /**
   * Forgets what was settled (a scenario load or a restore replaced the state): the market is
   * looked at from now on, and the domains schedule their work again from the new state.
   */
  reset(): void {
    this.scheduler.clear();
    this.scans.clear();
    this.cursor = this.clock.now();
  }

  /** Runs a call from outside the engine: settled up to now before it, and at now after it. */
  serve<R>(call: () => R): R {
    if (this.running || this.serving) return call();
    this.serving = true;
    try {
      this.catchUp();
      return call();
    } finally {
      this.serving = false;
      this.settleNow();
    }
  }

  private serving = false;

  /** Settles everything due up to the simulated clock's now. */
  catchUp(): void {
    this.runTo(this.clock.now());
  }

  /**
   * Settles, in time order, each price that reaches a watched level and each due item up to `to`.
   * A call made while settling (by due work) does nothing: the outer run goes on in order.
   */
  runTo(to: number): void {
    if (this.running) return;
    this.running = true;
    try {
      for (;;) {
        const due = this.scheduler.nextAt();
        const limit = due === null ? to : Math.min(due, to);
        const crossing = limit > this.cursor ? this.firstCrossing(this.cursor, limit) : null;
        if (crossing) {
          this.cursor = crossing.at;
          this.current = crossing.at;
          for (const [watcher, symbolId] of crossing.hits) watcher.onPrice(symbolId, crossing.at);
          continue;
        }
        if (due !== null && due <= to) {
          this.cursor = Math.max(this.cursor, due);
          this.current = this.cursor;
          this.scheduler.runNext(due);
          continue;
        }
        break;
      }
      this.cursor = Math.max(this.cursor, to);
    } finally {
      this.current = null;
      this.running = false;
    }
  }

  /**
   * Settles what the price in force now sets off without a move of the price: a level a write
   * has just put behind the price (auto-margin switched on deep in a loss).
   */
  settleNow(): void {
    if (this.running) return;
    this.catchUp();
    this.running = true;
    const at = this.clock.now();
    this.current = at;
    try {
      for (const watcher of this.watchers) {
        for (const watch of [...watcher.watches()]) {
          const last = this.market.lastPrice(watch.symbolId, at);
          if (
            (watch.above !== null && last >= watch.above) ||
            (watch.below !== null && last <= watch.below)
          ) {
            watcher.onPrice(watch.symbolId, at);
          }
        }
      }
    } finally {
      this.current = null;
      this.running = false;
    }
  }

  /** the earliest moment in (from, to] at which a watched price reaches a level, and who watches */
  private firstCrossing(
    from: number,
    to: number,
  ): { at: number; hits: [PriceWatcher, string][] } | null {
    let at: number | null = null;
    let hits: [PriceWatcher, string][] = [];
    for (const watcher of this.watchers) {
      for (const watch of watcher.watches()) {
        const found = this.scan(watch, from, to);
        if (found === null || (at !== null && found > at)) continue;
        if (at === null || found < at) {
          at = found;
          hits = [];
        }
        hits.push([watcher, watch.symbolId]);
      }
    }
    return at === null ? null : { at, hits };
  }

  /** a symbol's first crossing in (from, to], reusing the last scan while its levels stand */
  private scan(watch: PriceWatch, from: number, to: number): number | null {
    const key = watch.symbolId;
    const last = this.scans.get(key);
    const revision = this.market.revision(key);
    if (last?.version === watch.version && last.revision === revision && last.from <= from) {
      if (last.at !== null && last.at > from && last.at <= to) return last.at;
      if (last.at === null && last.to >= to) return null;
      if (last.at !== null && last.at > to) return null;
    }
    const at = this.market.firstCrossing(key, from, to, watch.above, watch.below);
    this.scans.set(key, { version: watch.version, revision, from, to, at });
    return at;
  }

  // ---- the engine's own timer -------------------------------------------------------------

  /** Runs the engine on its own as the clock goes: until `stop`. */
  start(): void {
    this.stopped = false;
    this.rearm();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private stopped = true;

  /** wakes at the next due item or the next whole second (prices move on whole seconds) */
  private rearm(): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    const now = this.clock.now();
    const nextSecond = Math.floor(now / 1000) * 1000 + 1000;
    const due = this.scheduler.nextAt();
    const wake = due === null ? nextSecond : Math.min(due, nextSecond);
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.catchUp();
        this.rearm();
      },
      Math.max(0, Math.min(1000, wake - now)),
    );
    this.timer.unref();
  }
}

/**
 * A domain as the exchange serves it to the outside: every call first settles what is due up to
 * now (so a read never shows past-due work as pending) and, once it returns, what the price of
 * the moment sets off after it (so a write that put a level behind the price fires it). Calls
 * the domains make to each other while settling are not wrapped again.
 */
export function served<T extends object>(target: T, time: Clockwork): T {
  const wrappers = new Map<PropertyKey, unknown>();
  return new Proxy(target, {
    get(object, key) {
      const value: unknown = Reflect.get(object, key, object);
      if (typeof value !== 'function') return value;
      let wrapper = wrappers.get(key);
      if (!wrapper) {
        const method = value as (...args: unknown[]) => unknown;
        wrapper = (...args: unknown[]) => time.serve(() => method.apply(object, args));
        wrappers.set(key, wrapper);
      }
      return wrapper;
    },
  });
}
