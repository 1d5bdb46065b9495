import { $apiClient, ApiError, type ApiClient } from '#shared/api';
import { endpoints, type Endpoint, type ResponseOf } from '@bourse/protocol';
import { allSettled, fork, type EventCallable } from 'effector';
import { describe, expect, it } from 'vitest';
import {
  $announcement,
  $status,
  type Announcement,
  AnnouncementGate,
  retryClicked,
} from './announcement.ts';

const announcement = (id: string): Announcement => ({
  id,
  title: `Announcement ${id}`,
  content: `<p>Body of ${id}</p>`,
  created_at: 1_763_900_000_000,
});

/** The server: knows the ids given; `answer` can be swapped to fail. */
function detailServer(known: readonly string[]) {
  const asked: string[] = [];
  let failure: ApiError | null = null;
  const client: ApiClient = {
    call: <E extends Endpoint>(endpoint: E, body: unknown) => {
      expect(endpoint.path).toBe(endpoints.index.noticeDetail.path);
      const { id } = body as { id: string };
      asked.push(id);
      if (failure) return Promise.reject(failure);
      if (!known.includes(id)) {
        return Promise.reject(new ApiError({ kind: 'code', code: 404, msg: 'Not found' }));
      }
      return Promise.resolve(announcement(id) as ResponseOf<E>);
    },
  };
  return {
    client,
    asked,
    fail: (error: ApiError | null) => {
      failure = error;
    },
  };
}

/** What useGate calls when the address changes under a mounted screen (not in the typings). */
const gateSet = (AnnouncementGate as unknown as { set: EventCallable<{ id: string | null }> }).set;

describe('the announcement detail', () => {
  it('loads the announcement of the address', async () => {
    const server = detailServer(['101']);
    const scope = fork({ values: [[$apiClient, server.client]] });

    await allSettled(AnnouncementGate.open, { scope, params: { id: '101' } });

    expect(server.asked).toStrictEqual(['101']);
    expect(scope.getState($status)).toBe('ready');
    expect(scope.getState($announcement)?.title).toBe('Announcement 101');
  });

  it('shows not found for an id the server does not know (code 404)', async () => {
    const scope = fork({ values: [[$apiClient, detailServer(['101']).client]] });

    await allSettled(AnnouncementGate.open, { scope, params: { id: '999' } });

    expect(scope.getState($status)).toBe('notFound');
    expect(scope.getState($announcement)).toBeNull();
  });

  it('shows not found without a call when the address has no id', async () => {
    const server = detailServer(['101']);
    const scope = fork({ values: [[$apiClient, server.client]] });

    await allSettled(AnnouncementGate.open, { scope, params: { id: null } });
    expect(scope.getState($status)).toBe('notFound');

    await allSettled(AnnouncementGate.close, { scope, params: { id: null } });
    await allSettled(AnnouncementGate.open, { scope, params: { id: '' } });
    expect(scope.getState($status)).toBe('notFound');
    expect(server.asked).toStrictEqual([]);
  });

  it('shows the error state when the call fails otherwise, and retry loads it', async () => {
    const server = detailServer(['101']);
    server.fail(new ApiError({ kind: 'transport', msg: 'fetch failed' }));
    const scope = fork({ values: [[$apiClient, server.client]] });

    await allSettled(AnnouncementGate.open, { scope, params: { id: '101' } });
    expect(scope.getState($status)).toBe('error');

    server.fail(null);
    await allSettled(retryClicked, { scope });

    expect(server.asked).toStrictEqual(['101', '101']);
    expect(scope.getState($status)).toBe('ready');
  });

  it('follows a link to another announcement while open', async () => {
    const server = detailServer(['101', '102']);
    const scope = fork({ values: [[$apiClient, server.client]] });
    await allSettled(AnnouncementGate.open, { scope, params: { id: '101' } });

    await allSettled(gateSet, { scope, params: { id: '102' } });

    expect(server.asked).toStrictEqual(['101', '102']);
    expect(scope.getState($announcement)?.id).toBe('102');
  });

  it('forgets the announcement when the screen closes', async () => {
    const scope = fork({ values: [[$apiClient, detailServer(['101']).client]] });
    await allSettled(AnnouncementGate.open, { scope, params: { id: '101' } });

    await allSettled(AnnouncementGate.close, { scope, params: { id: '101' } });

    expect(scope.getState($announcement)).toBeNull();
    expect(scope.getState($status)).toBe('loading');
  });
});
