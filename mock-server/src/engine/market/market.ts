import { SYMBOLS } from '@bourse/fixtures';
import type { Candle, KlinePeriod, Ticker } from '@bourse/protocol';
import Decimal from 'decimal.js';
import { CandleBook, formatVolume, merge, type Bar, type Track } from './candles.ts';
import { toSecond, withAnchors, type Anchor, type MarketState } from './overrides.ts';
import { DAY_MS, MINUTE_MS } from './spans.ts';
import { formatPrice } from './symbol-spec.ts';
import type { MarketCategory } from './trading-hours.ts';

/** the quoted spread (ask − bid) as a fraction of the price */
const SPREAD: Record<MarketCategory, string> = {
  crypto: '0.00002',
  stock: '0.0001',
  metal: '0.0001',
  forex: '0.00008',
};

/** Half the quoted spread at a price: at least one tick of the symbol's precision. */
const halfSpread = (last: Decimal, category: MarketCategory, precision: number): Decimal =>
  Decimal.max(
    new Decimal(1).div(new Decimal(10).pow(precision)),
    last.times(SPREAD[category]).div(2).toDecimalPlaces(precision, Decimal.ROUND_HALF_UP),
  );

/** A symbol's book at a moment: the last price, the bid and the ask (decimal strings). */
export interface Quote {
  last: string;
  bid: string;
  ask: string;
  /** whether the market trades now (a stock outside its session does not) */
  open: boolean;
}

/** One price of the feed: what the market printed at a whole second. */
export interface Tick {
  time: number;
  /** decimal string, at the symbol's precision */
  price: string;
}

export interface PathPoint {
  /** decimal string */
  price: string;
  /** ms after the previous point (the first: after now) */
  after_ms: number;
}

export interface WindowOptions {
  from?: number | undefined;
  to?: number | undefined;
  limit: number;
}

const SECOND_MS = 1000;

export const SYMBOL_IDS: readonly string[] = SYMBOLS.map((symbol) => symbol.id);
/** the ticker as the market writes it (BTC/USDT), by symbol id */
const TICKER_NAMES = new Map<string, string>(SYMBOLS.map((symbol) => [symbol.id, symbol.symbol]));

/**
 * The simulated market the exchange serves: tickers with rolling 24 h statistics, candles, and
 * the control API's overrides, which it keeps in the mock's state.
 */
export class Market {
  private readonly book: CandleBook;
  /** per symbol: the 24 h window's whole minutes, aggregated once a minute */
  private readonly windows = new Map<
    string,
    { minute: number; revision: number; bar: Bar | null }
  >();

  constructor(
    seed: number,
    private readonly state: () => MarketState,
    private readonly changed: () => void,
  ) {
    this.book = new CandleBook(seed);
    this.reload();
  }

  has(symbolId: string): boolean {
    return TICKER_NAMES.has(symbolId);
  }

  /** Takes the overrides from the state again (after a restore or a scenario load). */
  reload(): void {
    const { anchors } = this.state();
    for (const id of SYMBOL_IDS) this.book.track(id).setAnchors(anchors[id] ?? []);
    this.windows.clear();
  }

  private track(symbolId: string): Track {
    if (!this.has(symbolId)) throw new RangeError(`no symbol ${symbolId}`);
    return this.book.track(symbolId);
  }

  /** the price at t (overrides applied), at the symbol's precision */
  price(symbolId: string, t: number): string {
    const track = this.track(symbolId);
    return formatPrice(track.price(track.level(t)), track.process.spec.pricePrecision);
  }

  /** whole minutes of the 24 h window before the current minute, memoised for the minute */
  private windowBar(symbolId: string, track: Track, now: number): Bar | null {
    const minute = Math.floor(now / MINUTE_MS);
    const cached = this.windows.get(symbolId);
    if (cached?.minute === minute && cached.revision === track.revision) return cached.bar;
    const first = Math.floor((now - DAY_MS) / MINUTE_MS) + 1;
    const bar = track.range(first * MINUTE_MS, minute * MINUTE_MS, now);
    this.windows.set(symbolId, { minute, revision: track.revision, bar });
    return bar;
  }

  /**
   * One symbol's rolling 24 h statistics at now. A market that has not traded for the whole
   * last 24 h (a stock over the weekend) quotes the 24 h up to its last trade instead, as real
   * terminals show the last session rather than a flat 0.00 %; the last price is still the
   * price now (a control-API override while closed shows).
   */
  ticker(symbolId: string, now: number): Ticker {
    const track = this.track(symbolId);
    const spec = track.process.spec;
    const process = track.process;
    const quiet =
      process.openMinutesBetween(Math.floor((now - DAY_MS) / MINUTE_MS) * MINUTE_MS, now) === 0;
    const end = quiet ? (process.lastTradeEnd(now) ?? now) : now;
    const since = end - DAY_MS;
    const firstMinute = Math.floor(since / MINUTE_MS);
    const secondOfFirst = Math.floor((since - firstMinute * MINUTE_MS) / 1000);
    const window = merge(
      [
        track.seconds(firstMinute, secondOfFirst, 60),
        this.windowBar(symbolId, track, end),
        track.unit('minute', Math.floor(end / MINUTE_MS), end),
      ],
      since,
    );
    const lastLevel = track.level(now);
    const openLevel = track.level(since);
    const format = (level: number) => formatPrice(track.price(level), spec.pricePrecision);
    const last = new Decimal(format(lastLevel));
    const open = new Decimal(format(openLevel));
    const change = last.minus(open);
    const half = halfSpread(last, spec.category, spec.pricePrecision);
    return {
      symbol_id: symbolId,
      symbol: TICKER_NAMES.get(symbolId) ?? symbolId,
      last_price: last.toFixed(spec.pricePrecision),
      open: open.toFixed(spec.pricePrecision),
      high: format(Math.max(lastLevel, openLevel, window?.high ?? lastLevel)),
      low: format(Math.min(lastLevel, openLevel, window?.low ?? lastLevel)),
      change: change.toFixed(spec.pricePrecision),
      change_rate: open.isZero() ? '0.00' : change.div(open).times(100).toFixed(2),
      volume: formatVolume(window?.volume ?? 0),
      amount: new Decimal(window?.amount ?? 0).toFixed(2),
      bid: last.minus(half).toFixed(spec.pricePrecision),
      ask: last.plus(half).toFixed(spec.pricePrecision),
      status: track.process.isOpen(now) ? 'open' : 'closed',
      time: now,
    };
  }

  /**
   * The last price and the quoted bid and ask at t, as the ticker has them, without the 24 h
   * statistics (what the contract engine fills and marks against on every tick).
   */
  quote(symbolId: string, t: number): Quote {
    const track = this.track(symbolId);
    const spec = track.process.spec;
    const last = new Decimal(formatPrice(track.price(track.level(t)), spec.pricePrecision));
    const half = halfSpread(last, spec.category, spec.pricePrecision);
    return {
      last: last.toFixed(spec.pricePrecision),
      bid: last.minus(half).toFixed(spec.pricePrecision),
      ask: last.plus(half).toFixed(spec.pricePrecision),
      open: track.process.isOpen(t),
    };
  }

  // ---- ticks: the prices the feed printed, one per whole second the market is open -------

  /**
   * The last tick at or before t: the price at the latest whole second the market was open
   * (looking back at most ten days), or null when it printed none in that time.
   */
  tickAt(symbolId: string, t: number): Tick | null {
    const track = this.track(symbolId);
    let time: number;
    if (track.process.isOpen(t)) time = Math.floor(t / SECOND_MS) * SECOND_MS;
    else {
      const end = track.process.lastTradeEnd(t);
      if (end === null) return null;
      time = end - SECOND_MS;
    }
    return { time, price: this.price(symbolId, time) };
  }

  /** The ticks of the whole seconds in [from, to] at which the market was open, oldest first. */
  ticksBetween(symbolId: string, from: number, to: number): Tick[] {
    const track = this.track(symbolId);
    const ticks: Tick[] = [];
    for (let time = Math.ceil(from / SECOND_MS) * SECOND_MS; time <= to; time += SECOND_MS) {
      if (track.process.isOpen(time)) ticks.push({ time, price: this.price(symbolId, time) });
    }
    return ticks;
  }

  /** t when the market is open at t; else its next opening within `within` ms; or null. */
  nextOpenAt(symbolId: string, t: number, within: number): number | null {
    const track = this.track(symbolId);
    if (track.process.isOpen(t)) return t;
    for (
      let minute = Math.floor(t / MINUTE_MS) * MINUTE_MS + MINUTE_MS;
      minute <= t + within;
      minute += MINUTE_MS
    ) {
      if (track.process.isOpen(minute)) return minute;
    }
    return null;
  }

  // ---- what the engine's time reads (kernel/clockwork.ts' PriceSource) --------------------

  /**
   * The first whole second in (from, to] at which the symbol's last price reaches `above` or
   * more, or `below` or less: looser by half a tick than the printed price, never stricter.
   */
  firstCrossing(
    symbolId: string,
    from: number,
    to: number,
    above: number | null,
    below: number | null,
  ): number | null {
    const track = this.track(symbolId);
    const half = 0.5 / 10 ** track.process.spec.pricePrecision;
    const ref = track.ref;
    const aboveLevel =
      above === null ? null : Math.log(Math.max(above - half, Number.MIN_VALUE) / ref);
    const belowLevel = below === null ? null : Math.log((below + half) / ref);
    return track.firstCrossing(from, to, aboveLevel, belowLevel);
  }

  /** the last price at t as a number (what a watch compares) */
  lastPrice(symbolId: string, t: number): number {
    return Number(this.price(symbolId, t));
  }

  /** changes whenever the symbol's overrides do (its prices to come may have changed) */
  revision(symbolId: string): number {
    return this.track(symbolId).revision;
  }

  /** every symbol's ticker, in the fixtures' order */
  tickers(now: number): Ticker[] {
    return SYMBOL_IDS.map((id) => this.ticker(id, now));
  }

  /** the newest `limit` candles of a window (see getLogData) */
  history(symbolId: string, period: KlinePeriod, window: WindowOptions, now: number): Candle[] {
    this.track(symbolId);
    return this.book.history(symbolId, period, { ...window, now });
  }

  /** the candle forming at now, or the last one before the market closed */
  currentCandle(symbolId: string, period: KlinePeriod, now: number): Candle | null {
    this.track(symbolId);
    return this.book.current(symbolId, period, now);
  }

  // ---- overrides -------------------------------------------------------------------------

  private timeline(symbolId: string): readonly Anchor[] {
    return this.state().anchors[symbolId] ?? [];
  }

  private held(symbolId: string, at: number): boolean {
    let mode: Anchor['mode'] = 'follow';
    for (const anchor of this.timeline(symbolId)) {
      if (anchor.at > at) break;
      mode = anchor.mode;
    }
    return mode === 'hold';
  }

  private addAnchors(symbolId: string, added: readonly Anchor[]): void {
    const track = this.track(symbolId);
    const anchors = withAnchors(this.timeline(symbolId), added);
    this.state().anchors[symbolId] = anchors;
    track.setAnchors(anchors);
    this.windows.delete(symbolId);
  }

  private targets(symbolId: string | undefined): readonly string[] {
    if (symbolId === undefined) return SYMBOL_IDS;
    this.track(symbolId);
    return [symbolId];
  }

  /**
   * Moves a symbol's price to `price` from the next whole second: the process goes on from
   * there, scaled. A paused symbol stays paused at the new price.
   */
  setPrice(symbolId: string, price: string, now: number): void {
    const at = toSecond(now);
    const mode = this.held(symbolId, at) ? 'hold' : 'follow';
    this.addAnchors(symbolId, [{ at, mode, price: this.normalise(symbolId, price) }]);
    this.changed();
  }

  /**
   * Plays a scripted path: each point's price is held from `after_ms` after the previous point
   * (the first after now) until the next; after the last the process goes on from its price.
   */
  playPath(symbolId: string, points: readonly PathPoint[], now: number): void {
    let at = now;
    const anchors = points.map((point, i): Anchor => {
      at = toSecond(at + point.after_ms);
      return {
        at,
        mode: i === points.length - 1 ? 'follow' : 'hold',
        price: this.normalise(symbolId, point.price),
      };
    });
    this.addAnchors(symbolId, anchors);
    this.changed();
  }

  /** Holds the price of one symbol (or every one) where it is. */
  pause(symbolId: string | undefined, now: number): void {
    const at = toSecond(now);
    for (const id of this.targets(symbolId)) {
      if (this.held(id, at)) continue;
      this.addAnchors(id, [{ at, mode: 'hold', price: this.price(id, at) }]);
    }
    this.changed();
  }

  /** Lets a held symbol (or every one) move again from the held price. */
  resume(symbolId: string | undefined, now: number): void {
    const at = toSecond(now);
    for (const id of this.targets(symbolId)) {
      if (!this.held(id, at)) continue;
      this.addAnchors(id, [{ at, mode: 'follow', price: this.price(id, at) }]);
    }
    this.changed();
  }

  /** whether a symbol is held at now */
  paused(symbolId: string, now: number): boolean {
    return this.held(symbolId, now);
  }

  private normalise(symbolId: string, price: string): string {
    const precision = this.track(symbolId).process.spec.pricePrecision;
    const value = new Decimal(price);
    if (!value.isFinite() || value.lte(0)) throw new RangeError('a price must be above zero');
    const rounded = value.toDecimalPlaces(precision, Decimal.ROUND_HALF_UP);
    if (rounded.lte(0)) throw new RangeError('the price rounds to zero at the symbol precision');
    return rounded.toFixed(precision);
  }
}
