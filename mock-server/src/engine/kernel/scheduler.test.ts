/**
 * The due-work queue: in time order, each item once, one item per key, nothing run before it is
 * due however often the engine looks.
 */
import { describe, expect, it } from 'vitest';
import { Scheduler } from './scheduler.ts';

const drain = (scheduler: Scheduler, to: number) => {
  while (scheduler.runNext(to));
};

describe('the scheduler', () => {
  it('runs what is due in time order, items due together in the order scheduled, each at its own time', () => {
    const scheduler = new Scheduler();
    const ran: [string, number][] = [];
    const log = (name: string) => (at: number) => ran.push([name, at]);
    scheduler.schedule('c', 3000, log('c'));
    scheduler.schedule('a', 1000, log('a'));
    scheduler.schedule('b1', 2000, log('b1'));
    scheduler.schedule('b2', 2000, log('b2'));
    drain(scheduler, 2999);
    expect(ran).toEqual([
      ['a', 1000],
      ['b1', 2000],
      ['b2', 2000],
    ]);
    expect(scheduler.nextAt()).toBe(3000);
    drain(scheduler, 10_000);
    expect(ran.at(-1)).toEqual(['c', 3000]);
    expect(scheduler.size).toBe(0);
  });

  it('runs nothing a millisecond early, and an item once however far the clock jumps past it', () => {
    const scheduler = new Scheduler();
    let runs = 0;
    scheduler.schedule('x', 5000, () => (runs += 1));
    drain(scheduler, 4999);
    expect(runs).toBe(0);
    drain(scheduler, 5000);
    drain(scheduler, 1_000_000);
    expect(runs).toBe(1);
  });

  it('keeps one item per key: scheduling a key again moves it, cancelling removes it', () => {
    const scheduler = new Scheduler();
    const ran: string[] = [];
    scheduler.schedule('k', 1000, () => ran.push('first'));
    scheduler.schedule('k', 4000, () => ran.push('moved'));
    scheduler.schedule('gone', 2000, () => ran.push('gone'));
    scheduler.cancel('gone');
    drain(scheduler, 3000);
    expect(ran).toEqual([]);
    drain(scheduler, 4000);
    expect(ran).toEqual(['moved']);
    expect(scheduler.has('k')).toBe(false);
  });

  it('runs work that an item schedules for the same moment after it, in the same drain', () => {
    const scheduler = new Scheduler();
    const ran: string[] = [];
    scheduler.schedule('first', 1000, (at) => {
      ran.push('first');
      scheduler.schedule('then', at, () => ran.push('then'));
    });
    drain(scheduler, 1000);
    expect(ran).toEqual(['first', 'then']);
  });

  it('takes an item off the queue before running it, so one that throws does not run again', () => {
    const scheduler = new Scheduler();
    let runs = 0;
    scheduler.schedule('bad', 1000, () => {
      runs += 1;
      throw new Error('boom');
    });
    expect(() => scheduler.runNext(1000)).toThrow('boom');
    expect(scheduler.runNext(1000)).toBe(false);
    expect(runs).toBe(1);
  });
});
