import { $apiClient, createApiEffect } from '#shared/api';
import { failWith, fakeClient, type Reply } from '#shared/api/testing';
import { languageChanged } from '#shared/i18n';
import { endpoints, type ResponseOf } from '@bourse/protocol';
import { allSettled, attach, createWatch, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { createPagedList, type PageRequest } from './paged-list.ts';

// Any paged endpoint will do: announcements are the simplest items.
const { noticeList } = endpoints.index;
type Notice = ResponseOf<typeof noticeList>['list'][number];

const PAGE_SIZE = 5;

const notice = (n: number): Notice => ({
  id: String(n),
  title: `Notice ${String(n)}`,
  summary: `About ${String(n)}`,
  pinned: false,
  created_at: 1_763_900_000_000 - n * 60_000,
});

function createList() {
  return createPagedList({
    name: 'test list',
    fetchPage: attach({
      effect: createApiEffect(noticeList),
      mapParams: (request: PageRequest) => request,
    }),
    pageSize: PAGE_SIZE,
  });
}

/** Pages of `total` items, as asked, each item first numbered `from(page)`. */
function pages(total: number, from = (page: number) => (page - 1) * PAGE_SIZE + 1) {
  return (body: unknown) => {
    const { page, limit } = body as PageRequest;
    const first = from(page);
    const count = Math.max(0, Math.min(limit, total - first + 1));
    return { list: Array.from({ length: count }, (_, i) => notice(first + i)), total, page, limit };
  };
}

const pagesAsked = (server: ReturnType<typeof fakeClient>) =>
  server.callsTo(noticeList).map((call) => (call.body as PageRequest).page);

describe('a paged list', () => {
  it('loads the first page when it first opens, then appends pages until the total', async () => {
    const list = createList();
    const server = fakeClient({ [noticeList.path]: pages(12) });
    const scope = fork({ values: [[$apiClient, server.client]] });

    expect(scope.getState(list.$view)).toBe('loading');
    expect(scope.getState(list.$hasMore)).toBe(false);
    await allSettled(list.Gate.open, { scope, params: {} });
    expect(scope.getState(list.$view)).toBe('list');
    expect(scope.getState(list.$total)).toBe(12);
    expect(scope.getState(list.$hasMore)).toBe(true);

    await allSettled(list.loadNextPageFx, { scope });
    await allSettled(list.loadNextPageFx, { scope });

    expect(scope.getState(list.$items).map((item) => item.id)).toStrictEqual(
      Array.from({ length: 12 }, (_, i) => String(i + 1)),
    );
    expect(scope.getState(list.$hasMore)).toBe(false);
    expect(server.callsTo(noticeList).map((call) => call.body)).toStrictEqual([
      { page: 1, limit: PAGE_SIZE },
      { page: 2, limit: PAGE_SIZE },
      { page: 3, limit: PAGE_SIZE },
    ]);
  });

  it('never shows an item twice when new ones shift the pages', async () => {
    const list = createList();
    // Page 2 was asked after an item was added: it starts with the last of page 1.
    const server = fakeClient({
      [noticeList.path]: pages(11, (page) => (page === 1 ? 1 : PAGE_SIZE)),
    });
    const scope = fork({ values: [[$apiClient, server.client]] });
    await allSettled(list.Gate.open, { scope, params: {} });

    await allSettled(list.loadNextPageFx, { scope });

    const ids = scope.getState(list.$items).map((item) => item.id);
    expect(ids).toHaveLength(2 * PAGE_SIZE - 1);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('stops asking when a page comes back empty although the total promised more', async () => {
    const list = createList();
    const server = fakeClient({
      [noticeList.path]: (body) => {
        const { page, limit } = body as PageRequest;
        return { list: page === 1 ? [notice(1)] : [], total: 5, page, limit };
      },
    });
    const scope = fork({ values: [[$apiClient, server.client]] });
    await allSettled(list.Gate.open, { scope, params: {} });
    expect(scope.getState(list.$hasMore)).toBe(true);

    await allSettled(list.loadNextPageFx, { scope });

    expect(scope.getState(list.$hasMore)).toBe(false);
    expect(scope.getState(list.$items)).toHaveLength(1);
  });

  it('drops a next page that comes back after a refresh replaced the list', async () => {
    const list = createList();
    let releasePage3: () => void = () => undefined;
    const page3Held = new Promise<void>((resolve) => {
      releasePage3 = resolve;
    });
    const serve = pages(15);
    const server = fakeClient({
      [noticeList.path]: async (body) => {
        if ((body as PageRequest).page === 3) await page3Held;
        return serve(body);
      },
    });
    const scope = fork({ values: [[$apiClient, server.client]] });
    await allSettled(list.Gate.open, { scope, params: {} });
    await allSettled(list.loadNextPageFx, { scope });
    // Page 3 comes back only once the refresh has.
    const unwatch = createWatch({ unit: list.refreshFx.finally, scope, fn: releasePage3 });

    await Promise.all([
      allSettled(list.loadNextPageFx, { scope }),
      allSettled(list.refreshFx, { scope }),
    ]);
    unwatch();

    expect(pagesAsked(server)).toStrictEqual([1, 2, 3, 1]);
    expect(scope.getState(list.$items).map((item) => item.id)).toStrictEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
    expect(scope.getState(list.$hasMore)).toBe(true);
  });

  it('says it is empty when the server has no item', async () => {
    const list = createList();
    const scope = fork({
      values: [[$apiClient, fakeClient({ [noticeList.path]: pages(0) }).client]],
    });

    await allSettled(list.Gate.open, { scope, params: {} });

    expect(scope.getState(list.$view)).toBe('empty');
    expect(scope.getState(list.$hasMore)).toBe(false);
  });

  it('shows the error state when the first page fails, and retry loads it again', async () => {
    const list = createList();
    let reply: Reply = failWith(500, 'down');
    const server = fakeClient({ [noticeList.path]: (body) => reply(body) });
    const scope = fork({ values: [[$apiClient, server.client]] });

    await allSettled(list.Gate.open, { scope, params: {} });
    expect(scope.getState(list.$view)).toBe('error');
    expect(scope.getState(list.$hasMore)).toBe(false);

    reply = pages(3);
    await allSettled(list.retryClicked, { scope });

    expect(pagesAsked(server)).toStrictEqual([1, 1]);
    expect(scope.getState(list.$view)).toBe('list');
    expect(scope.getState(list.$items)).toHaveLength(3);
  });

  it('keeps the list when a pull to refresh fails', async () => {
    const list = createList();
    let reply: Reply = pages(3);
    const server = fakeClient({ [noticeList.path]: (body) => reply(body) });
    const scope = fork({ values: [[$apiClient, server.client]] });
    await allSettled(list.Gate.open, { scope, params: {} });

    reply = failWith(500, 'down');
    await allSettled(list.refreshFx, { scope });

    expect(scope.getState(list.$view)).toBe('list');
    expect(scope.getState(list.$items)).toHaveLength(3);
  });

  it('keeps the list, without a call, when it opens again', async () => {
    const list = createList();
    const server = fakeClient({ [noticeList.path]: pages(12) });
    const scope = fork({ values: [[$apiClient, server.client]] });
    await allSettled(list.Gate.open, { scope, params: {} });
    await allSettled(list.loadNextPageFx, { scope });
    await allSettled(list.Gate.close, { scope, params: {} });

    await allSettled(list.Gate.open, { scope, params: {} });

    expect(pagesAsked(server)).toStrictEqual([1, 2]);
    expect(scope.getState(list.$items)).toHaveLength(10);
  });

  it('loads the first page again in a new language while it shows', async () => {
    const list = createList();
    const server = fakeClient({ [noticeList.path]: pages(12) });
    const scope = fork({ values: [[$apiClient, server.client]] });
    await allSettled(list.Gate.open, { scope, params: {} });
    await allSettled(list.loadNextPageFx, { scope });

    await allSettled(languageChanged, { scope, params: 'de' });

    expect(pagesAsked(server)).toStrictEqual([1, 2, 1]);
    expect(scope.getState(list.$items)).toHaveLength(PAGE_SIZE);
  });

  it('drops the list in a new language while closed, and loads it when it opens', async () => {
    const list = createList();
    const server = fakeClient({ [noticeList.path]: pages(12) });
    const scope = fork({ values: [[$apiClient, server.client]] });
    await allSettled(list.Gate.open, { scope, params: {} });
    await allSettled(list.Gate.close, { scope, params: {} });

    await allSettled(languageChanged, { scope, params: 'de' });
    expect(pagesAsked(server)).toStrictEqual([1]);
    expect(scope.getState(list.$view)).toBe('loading');

    await allSettled(list.Gate.open, { scope, params: {} });
    expect(pagesAsked(server)).toStrictEqual([1, 1]);
    expect(scope.getState(list.$view)).toBe('list');
  });
});
