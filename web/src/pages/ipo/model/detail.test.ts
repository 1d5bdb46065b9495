import { $apiClient, ApiError } from '#shared/api';
import { failWith, fakeClient } from '#shared/api/testing';
import { languageChanged } from '#shared/i18n';
import { CODES, endpoints, type IpoOffering, type IpoStatus } from '@bourse/protocol';
import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { $offering, $status, IpoDetailGate, retryClicked, stageDue } from './detail.ts';
import { tabOf } from './lists.ts';

const { getIpoDetail } = endpoints.market;

const offering = (id: string, status: IpoStatus): IpoOffering => ({
  id,
  symbol: 'HLVA',
  name: 'Halvorsen Aerospace Corp.',
  icon: '',
  exchange: 'NYSE',
  issue_price: '24.00',
  currency: 'USD',
  shares_offered: '18000000',
  min_shares: '100',
  raise_amount: '432000000.00',
  subscription_start: 1_763_600_000_000,
  subscription_end: 1_763_700_000_000,
  allotment_time: 1_763_800_000_000,
  listing_time: 1_763_900_000_000,
  status,
  subscription_multiple: status === 'subscribing' ? null : '14.62',
  listing_price: null,
  listing_change_rate: null,
  summary: 'Small satellite launchers.',
  description: 'First paragraph.\n\nSecond paragraph.',
});

/** A server that knows offering '1', in the stage `stage()` says. */
function detailServer(stage: () => IpoStatus | Error = () => 'subscribing') {
  return fakeClient({
    [getIpoDetail.path]: (body) => {
      const { id } = body as { id: string };
      const now = stage();
      if (now instanceof Error) throw new ApiError({ kind: 'transport', msg: now.message });
      if (id !== '1') return failWith(CODES.notFound, 'Not found')();
      return offering(id, now);
    },
  });
}

describe('the IPO detail', () => {
  it('loads the offering of the address', async () => {
    const server = detailServer();
    const scope = fork({ values: [[$apiClient, server.client]] });
    await allSettled(IpoDetailGate.open, { scope, params: { id: '1' } });
    expect(server.callsTo(getIpoDetail)).toEqual([{ path: getIpoDetail.path, body: { id: '1' } }]);
    expect(scope.getState($status)).toBe('ready');
    expect(scope.getState($offering)?.symbol).toBe('HLVA');
  });

  it('shows not found for an unknown id, and for an address without a usable id', async () => {
    const server = detailServer();
    const scope = fork({ values: [[$apiClient, server.client]] });
    await allSettled(IpoDetailGate.open, { scope, params: { id: '999' } });
    expect(scope.getState($status)).toBe('notFound');

    await allSettled(IpoDetailGate.close, { scope, params: { id: '999' } });
    await allSettled(IpoDetailGate.open, { scope, params: { id: '' } });
    expect(scope.getState($status)).toBe('notFound');
    expect(server.callsTo(getIpoDetail)).toHaveLength(1);
  });

  it('shows the error state when the call fails otherwise, and retry loads it', async () => {
    let down = true;
    const server = detailServer(() => (down ? new Error('fetch failed') : 'subscribing'));
    const scope = fork({ values: [[$apiClient, server.client]] });
    await allSettled(IpoDetailGate.open, { scope, params: { id: '1' } });
    expect(scope.getState($status)).toBe('error');

    down = false;
    await allSettled(retryClicked, { scope });
    expect(scope.getState($status)).toBe('ready');
  });

  it('reads the offering again when its next stage is due, showing the new stage', async () => {
    let stage: IpoStatus = 'subscribing';
    const scope = fork({ values: [[$apiClient, detailServer(() => stage).client]] });
    await allSettled(IpoDetailGate.open, { scope, params: { id: '1' } });
    expect(scope.getState($offering)?.subscription_multiple).toBeNull();

    stage = 'submitted';
    await allSettled(stageDue, { scope });
    expect(scope.getState($offering)).toMatchObject({
      status: 'submitted',
      subscription_multiple: '14.62',
    });
  });

  it('keeps the offering on screen when a re-read fails', async () => {
    let down = false;
    const server = detailServer(() => (down ? new Error('fetch failed') : 'subscribing'));
    const scope = fork({ values: [[$apiClient, server.client]] });
    await allSettled(IpoDetailGate.open, { scope, params: { id: '1' } });

    down = true;
    await allSettled(languageChanged, { scope, params: 'zh' });
    expect(server.callsTo(getIpoDetail)).toHaveLength(2);
    expect(scope.getState($status)).toBe('ready');
    expect(scope.getState($offering)?.id).toBe('1');
  });

  it('forgets the offering when the view closes', async () => {
    const scope = fork({ values: [[$apiClient, detailServer().client]] });
    await allSettled(IpoDetailGate.open, { scope, params: { id: '1' } });
    await allSettled(IpoDetailGate.close, { scope, params: { id: '1' } });
    expect(scope.getState($offering)).toBeNull();
  });
});

describe('the IPO tabs', () => {
  it('read the tab from the address, the first stage when it names none', () => {
    expect(tabOf('listed')).toBe('listed');
    expect(tabOf(null)).toBe('subscribing');
    expect(tabOf('withdrawn')).toBe('subscribing');
  });
});
