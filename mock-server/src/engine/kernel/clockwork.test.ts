/**
 * The engine's time over a scripted market: due work and watched price levels settled in time
 * order, each price that reaches a level seen however rarely the engine looks, and the moment
 * being settled as the domains' now.
 */
import { describe, expect, it } from 'vitest';
import { SimClock } from '../clock.ts';
import { Clockwork, served, type PriceSource, type PriceWatch } from './clockwork.ts';

const T0 = Date.UTC(2026, 10, 27, 9, 0, 0);

/** a market with one symbol whose price is scripted per whole second */
function scripted(prices: Map<number, number>, base = 100): PriceSource {
  const at = (t: number) => prices.get(Math.floor(t / 1000) * 1000) ?? base;
  return {
    firstCrossing: (_symbol, from, to, above, below) => {
      for (let t = Math.floor(from / 1000) * 1000 + 1000; t <= to; t += 1000) {
        const price = at(t);
        if ((above !== null && price >= above) || (below !== null && price <= below)) return t;
      }
      return null;
    },
    lastPrice: (_symbol, t) => at(t),
    revision: () => 0,
  };
}

function world(prices = new Map<number, number>()) {
  let wall = T0;
  const clock = new SimClock(() => wall);
  const time = new Clockwork(clock, scripted(prices));
  const seen: [string, number, number][] = [];
  const watch: PriceWatch = { symbolId: 'x', above: 110, below: 90, version: 1 };
  time.watch({
    watches: () => [watch],
    onPrice: (symbolId, at) => {
      seen.push([symbolId, at, time.now()]);
    },
  });
  return {
    time,
    clock,
    seen,
    move: (ms: number) => {
      wall += ms;
    },
  };
}

describe('the engine’s time', () => {
  it('sees a price that reached a level and came back between two looks, at the second it did', () => {
    const w = world(new Map([[T0 + 3000, 111]]));
    w.move(10_000);
    w.time.catchUp();
    // seen once, at 3 s, with the engine's now at that second; the price is back at 10 s
    expect(w.seen).toEqual([['x', T0 + 3000, T0 + 3000]]);
  });

  it('interleaves due work and price crossings in time order, each at its own moment', () => {
    const prices = new Map([
      [T0 + 2000, 80],
      [T0 + 5000, 120],
    ]);
    const w = world(prices);
    const order: string[] = [];
    w.time.schedule('a', T0 + 1000, (at) => order.push(`due a ${String(at - T0)}`));
    w.time.schedule('b', T0 + 4000, (at) => order.push(`due b ${String(at - T0)}`));
    w.move(6000);
    w.time.catchUp();
    const crossings = w.seen.map(([, at]) => `price ${String(at - T0)}`);
    expect(order).toEqual(['due a 1000', 'due b 4000']);
    expect(crossings).toEqual(['price 2000', 'price 5000']);
  });

  it('runs work found overdue after a reset once, on the next move', () => {
    const w = world();
    let runs = 0;
    w.move(5000);
    w.time.reset();
    w.time.schedule('late', T0 + 1000, () => (runs += 1));
    w.time.catchUp();
    w.time.catchUp();
    expect(runs).toBe(1);
  });

  it('serves a call settled up to now: the read after a clock move finds due work done', () => {
    const w = world();
    const state = { done: false };
    const domain = served({ read: () => state.done }, w.time);
    w.time.schedule('job', T0 + 2000, () => (state.done = true));
    expect(domain.read()).toBe(false);
    w.move(2000);
    expect(domain.read()).toBe(true);
  });

  it('does not run due work inside a settlement twice when that work calls a served domain', () => {
    const w = world();
    let runs = 0;
    const domain = served({ poke: () => (runs += 1) }, w.time);
    w.time.schedule('job', T0 + 1000, () => {
      domain.poke();
    });
    w.move(1000);
    domain.poke();
    expect(runs).toBe(2);
  });

  it('settles a level a write put behind the price at once, without a price move', () => {
    const w = world();
    let level = 90;
    const watches: PriceWatch[] = [{ symbolId: 'y', above: null, below: level, version: 1 }];
    const fired: number[] = [];
    w.time.watch({
      watches: () => watches,
      onPrice: (_symbol, at) => fired.push(at),
    });
    const domain = served(
      {
        raise: () => {
          level = 105;
          watches[0] = { symbolId: 'y', above: null, below: level, version: 2 };
        },
      },
      w.time,
    );
    domain.raise();
    expect(fired).toEqual([T0]);
  });
});
