import {
  $apiClient,
  createApiEffect,
  createLazyApiClient,
  serverFailed,
  transportFailed,
  type ApiClient,
} from '#shared/api';
import { $socketFactory, type SocketLike } from '#shared/socket';
import { $uuid, sessionStarted } from '#shared/session';
import { endpoints, EXAMPLE_USER } from '@bourse/protocol';
import { allSettled, fork } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showToastFx } from '#shared/ui/toast';
import { $overlayVisible, OVERLAY_MAX_MS, socketConfigured } from './model.ts';

// A call that shows the overlay (noticeDetail has `loading: true`).
const loadingCallFx = createApiEffect(endpoints.index.noticeDetail);

/** A client whose calls hang until the test lets them go. */
function hangingClient() {
  const pending: (() => void)[] = [];
  const client: ApiClient = {
    call: () =>
      new Promise((resolve) => {
        pending.push(() => {
          resolve({ id: '1', title: 't', content: '', created_at: 0 } as never);
        });
      }),
  };
  return {
    client,
    release: () => {
      for (const go of pending.splice(0)) go();
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the loading overlay', () => {
  it('shows while a loading call runs and hides when it ends', async () => {
    const { client, release } = hangingClient();
    const scope = fork({ values: [[$apiClient, client]] });
    const call = allSettled(loadingCallFx, { scope, params: { id: '1' } });
    await vi.advanceTimersByTimeAsync(10);
    expect(scope.getState($overlayVisible)).toBe(true);
    release();
    await vi.advanceTimersByTimeAsync(10);
    expect(scope.getState($overlayVisible)).toBe(false);
    await vi.advanceTimersByTimeAsync(OVERLAY_MAX_MS);
    await call;
  });

  it('is forced away after 6 s even when the call still runs', async () => {
    const { client, release } = hangingClient();
    const scope = fork({ values: [[$apiClient, client]] });
    const call = allSettled(loadingCallFx, { scope, params: { id: '1' } });
    await vi.advanceTimersByTimeAsync(OVERLAY_MAX_MS - 100);
    expect(scope.getState($overlayVisible)).toBe(true);
    await vi.advanceTimersByTimeAsync(200);
    expect(scope.getState($overlayVisible)).toBe(false);
    release();
    await call;
  });

  it('gives a later showing its own 6 s', async () => {
    const { client, release } = hangingClient();
    const scope = fork({ values: [[$apiClient, client]] });
    const first = allSettled(loadingCallFx, { scope, params: { id: '1' } });
    await vi.advanceTimersByTimeAsync(1_000);
    release();
    await vi.advanceTimersByTimeAsync(3_000);
    const second = allSettled(loadingCallFx, { scope, params: { id: '1' } });
    await vi.advanceTimersByTimeAsync(3_000); // the first showing's timer fires in here
    expect(scope.getState($overlayVisible)).toBe(true);
    release();
    await vi.advanceTimersByTimeAsync(OVERLAY_MAX_MS);
    await Promise.all([first, second]);
  });
});

describe('toasts', () => {
  it('show the server message of a 500 and a translated text for a transport failure', async () => {
    const shown = vi.fn();
    const scope = fork({ handlers: [[showToastFx, shown]] });
    await allSettled(serverFailed, { scope, params: 'Insufficient balance' });
    await allSettled(transportFailed, { scope });
    expect(shown.mock.calls.map(([text]) => text as string)).toEqual([
      'Insufficient balance',
      'Server error, please try again later',
    ]);
  });

  it('tell of a call made with the network down, whose API client code could not even load', async () => {
    const shown = vi.fn();
    const offline = createLazyApiClient(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    const scope = fork({ values: [[$apiClient, offline]], handlers: [[showToastFx, shown]] });
    const settled = allSettled(loadingCallFx, { scope, params: { id: '1' } });
    await vi.advanceTimersByTimeAsync(OVERLAY_MAX_MS);
    await settled;
    expect(shown).toHaveBeenCalledExactlyOnceWith('Server error, please try again later');
    // The overlay the call showed is gone again.
    expect(scope.getState($overlayVisible)).toBe(false);
  });
});

describe('the live feed', () => {
  it('waits for its address before dialling, even when the session is already there', async () => {
    const dialled: string[] = [];
    const socket: SocketLike = {
      readyState: 0,
      send: () => undefined,
      close: () => undefined,
      addEventListener: () => undefined,
    };
    const scope = fork({
      values: [
        [$uuid, 'device-1'],
        [
          $socketFactory,
          (url: string) => {
            dialled.push(url);
            return socket;
          },
        ],
      ],
    });
    await allSettled(sessionStarted, {
      scope,
      params: { token: 'tok', user: { ...EXAMPLE_USER } },
    });
    expect(dialled).toEqual([]);
    await allSettled(socketConfigured, { scope, params: 'ws://feed.example/ws' });
    expect(dialled).toHaveLength(1);
    expect(dialled[0]).toMatch(/^ws:\/\/feed\.example\/ws\?uuid=device-1&time=\d+$/);
  });
});
