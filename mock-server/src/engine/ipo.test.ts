import { HOUR_MS, IPO_OFFERINGS, IPO_WALKTHROUGH_ID } from '@bourse/fixtures';
import { IPO_STATUSES, ipoOffering, type IpoStatus } from '@bourse/protocol';
import { beforeEach, describe, expect, it } from 'vitest';
import { EngineError } from './errors.ts';
import { Exchange } from './exchange.ts';

const LOADED_AT = Date.UTC(2026, 10, 23, 9, 30);

let wall = LOADED_AT;
let exchange: Exchange;
beforeEach(async () => {
  wall = LOADED_AT;
  exchange = new Exchange({ seed: 7, wall: () => wall });
  await exchange.loadScenario({ name: 'empty', users: [] });
});

const all = (status?: IpoStatus) => exchange.ipo.list('en', { status, page: 1, limit: 100 }).list;
const statusOf = (id: string) => exchange.ipo.detail('en', id).status;

describe('IPO offerings', () => {
  it('has offerings in every stage right after a scenario loads, each valid on the wire', () => {
    for (const status of IPO_STATUSES) {
      const list = all(status);
      expect(list.length, status).toBeGreaterThanOrEqual(3);
      expect(list.every((offering) => offering.status === status)).toBe(true);
    }
    expect(all()).toHaveLength(IPO_OFFERINGS.length);
    for (const offering of all()) expect(ipoOffering.safeParse(offering).success).toBe(true);
  });

  it('moves an offering through the four stages as the clock advances', () => {
    expect(statusOf(IPO_WALKTHROUGH_ID)).toBe('subscribing');
    exchange.clock.advance(24 * HOUR_MS);
    expect(statusOf(IPO_WALKTHROUGH_ID)).toBe('submitted');
    exchange.clock.advance(24 * HOUR_MS);
    expect(statusOf(IPO_WALKTHROUGH_ID)).toBe('pending_listing');
    exchange.clock.advance(48 * HOUR_MS);
    expect(statusOf(IPO_WALKTHROUGH_ID)).toBe('listed');
    expect(all('listed').map((offering) => offering.id)[0]).toBe(IPO_WALKTHROUGH_ID);
  });

  it('reveals the subscription multiple once the book closes and the listing price once listed', () => {
    const subscribing = exchange.ipo.detail('en', IPO_WALKTHROUGH_ID);
    expect(subscribing).toMatchObject({
      issue_price: '24.00',
      shares_offered: '18000000',
      raise_amount: '432000000.00',
      subscription_multiple: null,
      listing_price: null,
      listing_change_rate: null,
    });
    exchange.clock.advance(24 * HOUR_MS);
    expect(exchange.ipo.detail('en', IPO_WALKTHROUGH_ID)).toMatchObject({
      subscription_multiple: '14.62',
      listing_price: null,
    });
    exchange.clock.advance(72 * HOUR_MS);
    // (31.85 − 24) ÷ 24 = 32.708…%
    expect(exchange.ipo.detail('en', IPO_WALKTHROUGH_ID)).toMatchObject({
      listing_price: '31.85',
      listing_change_rate: '32.71',
    });
    expect(exchange.ipo.detail('en', '3').listing_change_rate).toBeNull();
  });

  it('keeps the times fixed at the load, not at each call', () => {
    const before = exchange.ipo.detail('en', IPO_WALKTHROUGH_ID);
    expect(before.subscription_end).toBe(LOADED_AT + 18 * HOUR_MS);
    wall += 5 * HOUR_MS;
    expect(exchange.ipo.detail('en', IPO_WALKTHROUGH_ID).subscription_end).toBe(
      before.subscription_end,
    );
  });

  it('keeps the timelines through a snapshot and restore', () => {
    const saved = exchange.snapshot();
    wall += 200 * HOUR_MS;
    const restored = new Exchange({ seed: 7, wall: () => wall });
    restored.restore(saved);
    expect(restored.ipo.detail('en', IPO_WALKTHROUGH_ID).subscription_end).toBe(
      LOADED_AT + 18 * HOUR_MS,
    );
    expect(restored.ipo.detail('en', IPO_WALKTHROUGH_ID).status).toBe('listed');
  });

  it('orders each stage by its next deadline, and listed ones newest first', () => {
    const ascending = (values: number[]) => values.every((v, i) => i === 0 || values[i - 1]! <= v);
    expect(ascending(all('subscribing').map((o) => o.subscription_end))).toBe(true);
    expect(ascending(all('submitted').map((o) => o.allotment_time))).toBe(true);
    expect(ascending(all('pending_listing').map((o) => o.listing_time))).toBe(true);
    expect(ascending(all('listed').map((o) => -o.listing_time))).toBe(true);
    expect(all().map((o) => o.status)).toEqual(
      [...all('subscribing'), ...all('submitted'), ...all('pending_listing'), ...all('listed')].map(
        (o) => o.status,
      ),
    );
  });

  it('pages a list', () => {
    const first = exchange.ipo.list('en', { page: 1, limit: 5 });
    const third = exchange.ipo.list('en', { page: 3, limit: 5 });
    expect(first).toMatchObject({ total: IPO_OFFERINGS.length, page: 1, limit: 5 });
    expect(first.list).toHaveLength(5);
    expect(third.list.map((o) => o.id)).toEqual(
      all()
        .slice(10, 15)
        .map((o) => o.id),
    );
  });

  it('writes in the caller language, the description included', () => {
    const de = exchange.ipo.detail('de', '2');
    expect(de.summary).toContain('Software');
    expect(de.description).toContain('Abo-Plattform');
    expect(exchange.ipo.detail('jp', '2').description).toContain('サブスクリプション');
    expect(exchange.ipo.detail('zh', '2').description).toContain('訂閱');
  });

  it('refuses an unknown offering with not found', () => {
    let refusal: unknown;
    try {
      exchange.ipo.detail('en', '999');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(EngineError);
    expect(refusal).toMatchObject({ kind: 'not_found' });
  });
});
