import { $apiClient } from '#shared/api';
import { failWith, fakeClient } from '#shared/api/testing';
import { endpoints } from '@bourse/protocol';
import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { $entries, $listStatus, ConfigListGate, listRetried } from './config-list.ts';

const LIST = {
  list: [
    { key: 'service_policy', title: 'Service policy' },
    { key: 'about_us', title: 'About us' },
  ],
};

describe('the list of policy and information pages', () => {
  it('lists the pages the server has, in its order', async () => {
    const api = fakeClient({ [endpoints.index.getConfigList.path]: () => LIST });
    const scope = fork({ values: [[$apiClient, api.client]] });
    await allSettled(ConfigListGate.open, { scope, params: {} });
    expect(scope.getState($listStatus)).toBe('ready');
    expect(scope.getState($entries)?.map((entry) => entry.key)).toEqual([
      'service_policy',
      'about_us',
    ]);
  });

  it('shows the error, then the list once a retry succeeds', async () => {
    let fail = true;
    const api = fakeClient({
      [endpoints.index.getConfigList.path]: () => (fail ? failWith(500, 'down')() : LIST),
    });
    const scope = fork({ values: [[$apiClient, api.client]] });
    await allSettled(ConfigListGate.open, { scope, params: {} });
    expect(scope.getState($listStatus)).toBe('error');
    fail = false;
    await allSettled(listRetried, { scope });
    expect(scope.getState($listStatus)).toBe('ready');
    expect(scope.getState($entries)).toHaveLength(2);
  });
});
