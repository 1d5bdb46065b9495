import { allSettled, createEvent, createStore, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { $frameScheduler, perFrame } from './frame.ts';
import { manualFrames } from './testing/index.ts';

// Units at module level, as the app creates them: a feed of order updates, folded by id.
const orderPushed = createEvent<{ id: string; state: string }>();
const orders = perFrame(orderPushed, (pending: Record<string, string> | null, order) => ({
  ...pending,
  [order.id]: order.state,
}));
const $orders = createStore<Record<string, string>>({}).on(orders.applied, (shown, changed) => ({
  ...shown,
  ...changed,
}));
const $appliedTimes = createStore(0).on(orders.applied, (times) => times + 1);

describe('perFrame', () => {
  it('folds the pushes of a frame with merge and applies them once, when the frame comes', async () => {
    const frames = manualFrames();
    const scope = fork({ values: [[$frameScheduler, frames.scheduler]] });

    await allSettled(orderPushed, { scope, params: { id: '1', state: 'open' } });
    await allSettled(orderPushed, { scope, params: { id: '2', state: 'open' } });
    await allSettled(orderPushed, { scope, params: { id: '1', state: 'filled' } });
    expect(scope.getState($orders)).toStrictEqual({});
    expect(frames.waiting()).toBe(1);

    frames.draw();
    await allSettled(scope);
    expect(scope.getState($orders)).toStrictEqual({ '1': 'filled', '2': 'open' });
    expect(scope.getState($appliedTimes)).toBe(1);
  });

  it('applies what is pending at once when flushed, and the frame then finds nothing', async () => {
    const frames = manualFrames();
    const scope = fork({ values: [[$frameScheduler, frames.scheduler]] });

    await allSettled(orderPushed, { scope, params: { id: '3', state: 'open' } });
    await allSettled(orders.flushed, { scope });
    expect(scope.getState($orders)).toStrictEqual({ '3': 'open' });

    frames.draw();
    await allSettled(scope);
    expect(scope.getState($appliedTimes)).toBe(1);
  });
});
