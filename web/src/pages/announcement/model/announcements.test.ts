import { $apiClient, ApiError, type ApiClient } from '#shared/api';
import { languageChanged } from '#shared/i18n';
import { endpoints, type Endpoint, type ResponseOf } from '@bourse/protocol';
import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import {
  $hasMore,
  $notices,
  $total,
  $view,
  AnnouncementsGate,
  loadNextPageFx,
  type Notice,
  PAGE_SIZE,
  retryClicked,
} from './announcements.ts';

type NoticePage = ResponseOf<typeof endpoints.index.noticeList>;

const notice = (n: number): Notice => ({
  id: String(n),
  title: `Notice ${n}`,
  summary: `About ${n}`,
  pinned: n === 1,
  created_at: 1_763_900_000_000 - n * 60_000,
});

/** The server: `total` announcements, paged as asked; records every page asked for. */
function noticeServer(total: number) {
  const all = Array.from({ length: total }, (_, i) => notice(i + 1));
  const pagesAsked: number[] = [];
  let failing: ApiError | null = null;
  const client: ApiClient = {
    call: <E extends Endpoint>(endpoint: E, body: unknown) => {
      if (endpoint.path !== endpoints.index.noticeList.path) {
        return Promise.reject(new Error(`unexpected call ${endpoint.path}`));
      }
      const { page, limit } = body as { page: number; limit: number };
      pagesAsked.push(page);
      if (failing) return Promise.reject(failing);
      const reply: NoticePage = {
        list: all.slice((page - 1) * limit, page * limit),
        total,
        page,
        limit,
      };
      return Promise.resolve(reply as ResponseOf<E>);
    },
  };
  return {
    client,
    pagesAsked,
    fail: (error: ApiError | null) => {
      failing = error;
    },
  };
}

const transportError = new ApiError({ kind: 'transport', msg: 'fetch failed' });

describe('the announcement list', () => {
  it('shows skeletons, then the first page when the screen opens', async () => {
    const server = noticeServer(45);
    const scope = fork({ values: [[$apiClient, server.client]] });

    expect(scope.getState($view)).toBe('loading');
    await allSettled(AnnouncementsGate.open, { scope, params: {} });

    expect(server.pagesAsked).toStrictEqual([1]);
    expect(scope.getState($view)).toBe('list');
    expect(scope.getState($notices)).toHaveLength(PAGE_SIZE);
    expect(scope.getState($total)).toBe(45);
    expect(scope.getState($hasMore)).toBe(true);
  });

  it('appends the next pages in order and stops once all of the total are shown', async () => {
    const server = noticeServer(45);
    const scope = fork({ values: [[$apiClient, server.client]] });
    await allSettled(AnnouncementsGate.open, { scope, params: {} });

    await allSettled(loadNextPageFx, { scope });
    expect(scope.getState($notices)).toHaveLength(40);
    expect(scope.getState($hasMore)).toBe(true);

    await allSettled(loadNextPageFx, { scope });
    const shown = scope.getState($notices);
    expect(shown).toHaveLength(45);
    expect(shown.map((n) => n.id)).toStrictEqual(
      Array.from({ length: 45 }, (_, i) => String(i + 1)),
    );
    expect(scope.getState($hasMore)).toBe(false);
    expect(server.pagesAsked).toStrictEqual([1, 2, 3]);
  });

  it('shows the error state when the first page fails, and retry loads it again', async () => {
    const server = noticeServer(3);
    server.fail(transportError);
    const scope = fork({ values: [[$apiClient, server.client]] });

    await allSettled(AnnouncementsGate.open, { scope, params: {} });
    expect(scope.getState($view)).toBe('error');
    expect(scope.getState($hasMore)).toBe(false);

    server.fail(null);
    await allSettled(retryClicked, { scope });

    expect(server.pagesAsked).toStrictEqual([1, 1]);
    expect(scope.getState($view)).toBe('list');
    expect(scope.getState($notices)).toHaveLength(3);
  });

  it('loads the list again in a new language', async () => {
    const server = noticeServer(3);
    const scope = fork({ values: [[$apiClient, server.client]] });
    await allSettled(AnnouncementsGate.open, { scope, params: {} });

    await allSettled(languageChanged, { scope, params: 'de' });

    expect(server.pagesAsked).toStrictEqual([1, 1]);
    expect(scope.getState($notices)).toHaveLength(3);
  });
});
