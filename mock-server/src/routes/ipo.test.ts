import { IPO_OFFERINGS, IPO_WALKTHROUGH_ID } from '@bourse/fixtures';
import { IPO_STATUSES, ipo, type IpoOffering } from '@bourse/protocol';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, testApp } from '../test/wire.ts';

interface Page {
  list: IpoOffering[];
  total: number;
  page: number;
  limit: number;
}

const HOUR = 3_600_000;

let app: FastifyInstance;
beforeEach(async () => {
  app = await testApp();
});
afterEach(async () => {
  await app.close();
});

const list = (body: Record<string, unknown>, language = 'en') =>
  call<Page>(app, ipo.getIpoList.path, body, { language });
const detail = (id: string, language = 'en') =>
  call<IpoOffering>(app, ipo.getIpoDetail.path, { id }, { language });
const advance = async (ms: number) => {
  const reply = await app.inject({
    method: 'POST',
    url: '/__control/clock',
    payload: { action: 'advance', ms },
  });
  expect(reply.statusCode).toBe(200);
};
const idsOf = async (status: string) =>
  (await list({ status, page: 1, limit: 100 })).data.list.map((offering) => offering.id);

describe('/api/trades/getIpoList and getIpoDetail', () => {
  it('lists offerings of each stage to a guest, and all of them without a status', async () => {
    const seen = new Set<string>();
    for (const status of IPO_STATUSES) {
      const reply = await list({ status, page: 1, limit: 20 });
      expect(reply.code).toBe(200);
      expect(reply.data.list.length, status).toBeGreaterThan(0);
      expect(reply.data.list.every((offering) => offering.status === status)).toBe(true);
      for (const offering of reply.data.list) seen.add(offering.id);
    }
    expect(seen.size).toBe(IPO_OFFERINGS.length);
    const everything = await list({ page: 1, limit: 5 });
    expect(everything.data).toMatchObject({ total: IPO_OFFERINGS.length, page: 1, limit: 5 });
    expect(everything.data.list).toHaveLength(5);
  });

  it('refuses an unknown stage and a page size over the limit', async () => {
    expect((await list({ status: 'withdrawn', page: 1, limit: 20 })).code).toBe(400);
    expect((await list({ page: 1, limit: 101 })).code).toBe(400);
  });

  it('answers the detail of one offering in the caller language', async () => {
    const reply = await detail(IPO_WALKTHROUGH_ID, 'zh');
    expect(reply.code).toBe(200);
    expect(reply.data).toMatchObject({
      id: IPO_WALKTHROUGH_ID,
      symbol: 'HLVA',
      exchange: 'NYSE',
      raise_amount: '432000000.00',
      status: 'subscribing',
      subscription_multiple: null,
    });
    expect(reply.data.summary).toBe('小型衛星運載火箭與可重複使用的上面級。');
  });

  it('answers 404 for an unknown offering, as for an unknown announcement', async () => {
    const reply = await detail('999');
    expect(reply).toMatchObject({ http: 200, code: 404 });
    expect(reply.msg).not.toBe('');
  });

  it('moves an offering from subscribing to submitted to pending_listing to listed as the control API advances the clock', async () => {
    expect(await idsOf('subscribing')).toContain(IPO_WALKTHROUGH_ID);
    await advance(24 * HOUR);
    expect(await idsOf('subscribing')).not.toContain(IPO_WALKTHROUGH_ID);
    expect(await idsOf('submitted')).toContain(IPO_WALKTHROUGH_ID);
    expect((await detail(IPO_WALKTHROUGH_ID)).data.subscription_multiple).toBe('14.62');
    await advance(24 * HOUR);
    expect(await idsOf('pending_listing')).toContain(IPO_WALKTHROUGH_ID);
    await advance(48 * HOUR);
    expect((await idsOf('listed'))[0]).toBe(IPO_WALKTHROUGH_ID);
    expect((await detail(IPO_WALKTHROUGH_ID)).data).toMatchObject({
      status: 'listed',
      listing_price: '31.85',
      listing_change_rate: '32.71',
    });
  });

  it('fixes the times again when a scenario is loaded', async () => {
    const before = (await detail(IPO_WALKTHROUGH_ID)).data.subscription_end;
    await advance(100 * HOUR);
    expect((await detail(IPO_WALKTHROUGH_ID)).data.status).toBe('listed');
    const reset = await app.inject({ method: 'POST', url: '/__control/reset', payload: {} });
    expect(reset.statusCode).toBe(200);
    const after = (await detail(IPO_WALKTHROUGH_ID)).data;
    expect(after.status).toBe('subscribing');
    expect(after.subscription_end).toBeGreaterThanOrEqual(before);
  });
});
