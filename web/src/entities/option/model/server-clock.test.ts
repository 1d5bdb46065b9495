import { $apiClient } from '#shared/api';
import { fakeClient } from '#shared/api/testing';
import { endpoints } from '@bourse/protocol';
import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { $deviceClock, $serverOffset, fetchDurationsFx, offsetOf } from './server-clock.ts';

const reply = endpoints.options.getSecondList.example.response;

describe("the server's clock", () => {
  it('is measured against the middle of the round trip', () => {
    expect(offsetOf(10_000, 1_000, 3_000)).toBe(8_000);
    expect(offsetOf(1_000, 1_000, 1_000)).toBe(0);
    expect(offsetOf(500, 1_000, 1_200)).toBe(-600);
  });

  it("takes its offset from each duration table's server_time", async () => {
    // the device is 5 s behind the server; the reply takes 200 ms
    const serverTime = reply.server_time;
    let device = serverTime - 5_000 - 100;
    const api = fakeClient({
      [endpoints.options.getSecondList.path]: () => {
        device += 200;
        return { ...reply, server_time: serverTime };
      },
    });
    const scope = fork({
      values: [
        [$apiClient, api.client],
        [$deviceClock, () => device],
      ],
    });
    expect(scope.getState($serverOffset)).toBe(0);
    await allSettled(fetchDurationsFx, { scope, params: '1' });
    expect(scope.getState($serverOffset)).toBe(5_000);
    expect(api.callsTo(endpoints.options.getSecondList)).toEqual([
      { path: endpoints.options.getSecondList.path, body: { symbol_id: '1' } },
    ]);
  });
});
