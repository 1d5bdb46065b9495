import { describe, expect, it } from 'vitest';
import { PriceProcess } from './price-process.ts';
import { SECONDS_PER_YEAR } from './spans.ts';

const T0 = Date.UTC(2026, 10, 18, 12, 0, 0); // a Wednesday

describe('PriceProcess', () => {
  it('gives the same path for the same seed and a different one for another seed', () => {
    const a = new PriceProcess(42, 'btcusdt');
    const b = new PriceProcess(42, 'btcusdt');
    const c = new PriceProcess(43, 'btcusdt');
    const path = (p: PriceProcess) =>
      Array.from({ length: 300 }, (_, i) => p.tickAt(T0 + i * 1000));
    expect(path(a)).toEqual(path(b));
    expect(path(a)).not.toEqual(path(c));
  });

  it('keeps prices positive and at the symbol precision', () => {
    for (const [id, precision] of [
      ['btcusdt', 2],
      ['dogeusdt', 5],
      ['xagusd', 3],
      ['eurusd', 5],
    ] as const) {
      const p = new PriceProcess(7, id);
      for (let i = 0; i < 200; i++) {
        const tick = p.tickAt(T0 - i * 3_600_000 * 97);
        expect(Number(tick)).toBeGreaterThan(0);
        expect(tick.split('.')[1]?.length).toBe(precision);
      }
    }
  });

  it('moves with roughly the configured volatility per second', () => {
    const p = new PriceProcess(1, 'ethusdt');
    const n = 20_000;
    let sum = 0;
    let squares = 0;
    let previous = Math.log(p.priceAt(T0));
    for (let i = 1; i <= n; i++) {
      const level = Math.log(p.priceAt(T0 + i * 1000));
      const r = level - previous;
      sum += r;
      squares += r * r;
      previous = level;
    }
    const sd = Math.sqrt(squares / n - (sum / n) ** 2);
    const expected = 0.65 / Math.sqrt(SECONDS_PER_YEAR);
    expect(sd).toBeGreaterThan(expected * 0.8);
    expect(sd).toBeLessThan(expected * 1.25);
  });

  it('does not move a stock on a Saturday', () => {
    const p = new PriceProcess(3, 'aapl');
    const saturday = Date.UTC(2026, 10, 21, 15, 0, 0);
    const first = p.tickAt(saturday);
    for (let i = 1; i < 600; i++) expect(p.tickAt(saturday + i * 37_000)).toBe(first);
  });

  it('keeps symbols independent of each other', () => {
    const alone = new PriceProcess(9, 'solusdt').tickAt(T0);
    new PriceProcess(9, 'btcusdt').tickAt(T0);
    expect(new PriceProcess(9, 'solusdt').tickAt(T0)).toBe(alone);
  });

  it('jumps as a sudden step at one second, not spread over the day', () => {
    const p = new PriceProcess(11, 'btcusdt');
    const firstDay = Math.floor(T0 / 86_400_000) - 400;
    let checked = 0;
    for (let day = firstDay; day < firstDay + 400 && checked < 3; day++) {
      const info = p.day(day);
      if (info.jump === 0) continue;
      checked += 1;
      const at = day * 86_400_000 + info.jumpMinute * 60_000 + info.jumpSecond * 1000;
      const step = Math.log(p.priceAt(at + 1000)) - Math.log(p.priceAt(at));
      // the one-second move carries the jump (the diffusion adds a hair, a bounce off the
      // minute's extreme at most a little more)
      expect(Math.abs(step - info.jump)).toBeLessThan(Math.abs(info.jump) * 0.35);
      // and no other second that day comes near it
      let biggestOther = 0;
      for (let t = day * 86_400_000; t < (day + 1) * 86_400_000; t += 1000) {
        if (t === at) continue;
        const r = Math.abs(Math.log(p.priceAt(t + 1000)) - Math.log(p.priceAt(t)));
        biggestOther = Math.max(biggestOther, r);
      }
      expect(biggestOther).toBeLessThan(Math.abs(info.jump) / 3);
    }
    expect(checked).toBeGreaterThan(0);
  });
});
