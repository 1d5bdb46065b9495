import { $apiClient, ApiError, createApiEffect } from '#shared/api';
import { failWith, fakeClient, type Reply } from '#shared/api/testing';
import { $language, languageChanged } from '#shared/i18n';
import { CODES, endpoints, type ResponseOf } from '@bourse/protocol';
import {
  allSettled,
  attach,
  createEffect,
  createEvent,
  fork,
  type EventCallable,
  type Unit,
} from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { createDetailById, type DetailById } from './detail-by-id.ts';

// Any endpoint that reads one record by id will do: announcements are the simplest.
const { noticeDetail } = endpoints.index;
type Notice = ResponseOf<typeof noticeDetail>;

const notice = (id: string, title = `Notice ${id}`): Notice => ({
  id,
  title,
  content: `<p>Body of ${id}</p>`,
  created_at: 1_763_900_000_000,
});

/** The server: knows the ids given, and answers each by `reply` when one is set. */
function noticeServer(known: readonly string[], reply?: Reply) {
  return fakeClient({
    [noticeDetail.path]:
      reply ??
      ((body) => {
        const { id } = body as { id: string };
        return known.includes(id) ? notice(id) : failWith(CODES.notFound, 'Not found')();
      }),
  });
}

const reloaded = createEvent();

function createDetail(reloadOn: readonly Unit<unknown>[] = [reloaded]) {
  return createDetailById({
    name: 'test detail',
    fetch: attach({
      effect: createApiEffect(noticeDetail, { loading: false }),
      mapParams: (id: string) => ({ id }),
    }),
    reloadOn,
  });
}

const asked = (server: ReturnType<typeof fakeClient>) =>
  server.callsTo(noticeDetail).map((call) => (call.body as { id: string }).id);

/** What useGate calls when the address changes under a mounted screen (not in the typings). */
const gateSet = (detail: DetailById<unknown>) =>
  (detail.Gate as unknown as { set: EventCallable<{ id: string | null }> }).set;

/** Replies that wait until the test lets each go, in any order it likes. */
function heldReplies() {
  const held: { body: unknown; release: (value: Notice) => void }[] = [];
  const reply: Reply = (body) =>
    new Promise<Notice>((resolve) => {
      held.push({ body, release: resolve });
    });
  return { reply, held };
}

describe('a record opened by the id of its address', () => {
  it('reads the record of the id, and shows it', async () => {
    const detail = createDetail();
    const server = noticeServer(['101']);
    const scope = fork({ values: [[$apiClient, server.client]] });

    expect(scope.getState(detail.$status)).toBe('loading');
    await allSettled(detail.Gate.open, { scope, params: { id: '101' } });

    expect(asked(server)).toStrictEqual(['101']);
    expect(scope.getState(detail.$status)).toBe('ready');
    expect(scope.getState(detail.$record)?.title).toBe('Notice 101');
  });

  it('is not found when the server knows no such id (404) or refuses the id (400)', async () => {
    const detail = createDetail();
    const server = noticeServer([], (body) => {
      const { id } = body as { id: string };
      return failWith(id === 'bad' ? CODES.badRequest : CODES.notFound, 'No')();
    });
    const scope = fork({ values: [[$apiClient, server.client]] });

    await allSettled(detail.Gate.open, { scope, params: { id: '999' } });
    expect(scope.getState(detail.$status)).toBe('notFound');

    await allSettled(gateSet(detail), { scope, params: { id: 'bad' } });
    expect(scope.getState(detail.$status)).toBe('notFound');
    expect(scope.getState(detail.$record)).toBeNull();
  });

  it('is not found when the read answers that there is no such record', async () => {
    const detail = createDetailById({
      name: 'a record from a list',
      fetch: createEffect<string, Notice | null, ApiError>((id) =>
        id === '1' ? notice('1') : null,
      ),
    });
    const scope = fork();

    await allSettled(detail.Gate.open, { scope, params: { id: '2' } });
    expect(scope.getState(detail.$status)).toBe('notFound');

    await allSettled(gateSet(detail), { scope, params: { id: '1' } });
    expect(scope.getState(detail.$status)).toBe('ready');
  });

  it('is not found, without a call, when the address has no usable id', async () => {
    const detail = createDetail();
    const server = noticeServer(['101']);
    const scope = fork({ values: [[$apiClient, server.client]] });

    for (const id of [null, '', 'x'.repeat(65)]) {
      await allSettled(detail.Gate.open, { scope, params: { id } });
      expect(scope.getState(detail.$status), String(id)).toBe('notFound');
      await allSettled(detail.Gate.close, { scope, params: { id } });
    }
    expect(asked(server)).toStrictEqual([]);
  });

  it('shows the error state when the read fails otherwise, and retry reads it again', async () => {
    const detail = createDetail();
    let down = true;
    const server = noticeServer(['101'], (body) => {
      if (down) throw new ApiError({ kind: 'transport', msg: 'fetch failed' });
      return notice((body as { id: string }).id);
    });
    const scope = fork({ values: [[$apiClient, server.client]] });

    await allSettled(detail.Gate.open, { scope, params: { id: '101' } });
    expect(scope.getState(detail.$status)).toBe('error');
    expect(scope.getState(detail.$record)).toBeNull();

    down = false;
    await allSettled(detail.retryClicked, { scope });

    expect(asked(server)).toStrictEqual(['101', '101']);
    expect(scope.getState(detail.$status)).toBe('ready');
  });

  it('ignores the reply for an id the screen has left', async () => {
    const detail = createDetail();
    const { reply, held } = heldReplies();
    const scope = fork({ values: [[$apiClient, noticeServer([], reply).client]] });

    const first = allSettled(detail.Gate.open, { scope, params: { id: '101' } });
    const second = allSettled(gateSet(detail), { scope, params: { id: '102' } });
    await vi.waitFor(() => {
      expect(held).toHaveLength(2);
    });
    held[1]?.release(notice('102'));
    held[0]?.release(notice('101'));
    await Promise.all([first, second]);

    expect(held.map((call) => call.body)).toStrictEqual([{ id: '101' }, { id: '102' }]);
    expect(scope.getState(detail.$record)?.id).toBe('102');
    expect(scope.getState(detail.$status)).toBe('ready');
  });

  it('ignores a reply overtaken by a newer read of the same id', async () => {
    const detail = createDetail();
    const { reply, held } = heldReplies();
    const scope = fork({ values: [[$apiClient, noticeServer([], reply).client]] });

    const first = allSettled(detail.Gate.open, { scope, params: { id: '101' } });
    const second = allSettled(reloaded, { scope });
    await vi.waitFor(() => {
      expect(held).toHaveLength(2);
    });
    held[1]?.release(notice('101', 'Newer'));
    held[0]?.release(notice('101', 'Older'));
    await Promise.all([first, second]);

    expect(held).toHaveLength(2);
    expect(scope.getState(detail.$record)?.title).toBe('Newer');
  });

  it('drops a reply that comes back after the screen closed', async () => {
    const detail = createDetail();
    const { reply, held } = heldReplies();
    const scope = fork({ values: [[$apiClient, noticeServer([], reply).client]] });

    const opened = allSettled(detail.Gate.open, { scope, params: { id: '101' } });
    await vi.waitFor(() => {
      expect(held).toHaveLength(1);
    });
    const closing = allSettled(detail.Gate.close, { scope, params: { id: '101' } });
    held[0]?.release(notice('101'));
    await Promise.all([opened, closing]);

    expect(scope.getState(detail.$record)).toBeNull();
    expect(scope.getState(detail.$status)).toBe('loading');
  });

  it('reads the record again when asked to reload (another language), keeping it meanwhile', async () => {
    const detail = createDetail([$language.updates]);
    let down = false;
    const server = noticeServer(['101'], (body) => {
      if (down) throw new ApiError({ kind: 'transport', msg: 'fetch failed' });
      return notice((body as { id: string }).id);
    });
    const scope = fork({ values: [[$apiClient, server.client]] });
    await allSettled(detail.Gate.open, { scope, params: { id: '101' } });

    const switched = allSettled(languageChanged, { scope, params: 'de' });
    expect(scope.getState(detail.$status)).toBe('ready');
    await switched;
    expect(asked(server)).toStrictEqual(['101', '101']);

    // A failed re-read keeps what is shown.
    down = true;
    await allSettled(languageChanged, { scope, params: 'fr' });
    expect(asked(server)).toHaveLength(3);
    expect(scope.getState(detail.$status)).toBe('ready');
    expect(scope.getState(detail.$record)?.id).toBe('101');
  });

  it('does not read again in another language unless asked to', async () => {
    const detail = createDetail([]);
    const server = noticeServer(['101']);
    const scope = fork({ values: [[$apiClient, server.client]] });
    await allSettled(detail.Gate.open, { scope, params: { id: '101' } });

    await allSettled(languageChanged, { scope, params: 'de' });

    expect(asked(server)).toStrictEqual(['101']);
  });

  it('does not reload while closed, and forgets the record when the screen closes', async () => {
    const detail = createDetail();
    const server = noticeServer(['101']);
    const scope = fork({ values: [[$apiClient, server.client]] });
    await allSettled(detail.Gate.open, { scope, params: { id: '101' } });

    await allSettled(detail.Gate.close, { scope, params: { id: '101' } });
    await allSettled(reloaded, { scope });

    expect(asked(server)).toStrictEqual(['101']);
    expect(scope.getState(detail.$record)).toBeNull();
    expect(scope.getState(detail.$status)).toBe('loading');
  });
});

describe('a record opened by a key of its own kind', () => {
  // A policy page's address holds one of a few keys rather than a record id.
  const KEYS = ['about_us', 'privacy_policy'] as const;
  type Key = (typeof KEYS)[number];
  const keyOf = (raw: string): Key | null => KEYS.find((key) => key === raw) ?? null;

  it('reads the key it knows, and shows it on screen', async () => {
    const server = noticeServer(['about_us']);
    const detail = createDetailById({
      name: 'test keyed detail',
      keyOf,
      fetch: attach({
        effect: createApiEffect(noticeDetail, { loading: false }),
        mapParams: (key: Key) => ({ id: key }),
      }),
    });
    const scope = fork({ values: [[$apiClient, server.client]] });

    await allSettled(detail.Gate.open, { scope, params: { id: 'about_us' } });

    expect(asked(server)).toStrictEqual(['about_us']);
    expect(scope.getState(detail.$key)).toBe('about_us');
    expect(scope.getState(detail.$status)).toBe('ready');
  });

  it('is not found, without a call, for anything that is not one of its keys', async () => {
    const server = noticeServer(['101']);
    const detail = createDetailById({
      name: 'test keyed detail',
      keyOf,
      fetch: attach({
        effect: createApiEffect(noticeDetail, { loading: false }),
        mapParams: (key: Key) => ({ id: key }),
      }),
    });
    const scope = fork({ values: [[$apiClient, server.client]] });

    // '101' is a good record id, but not a key of this kind
    await allSettled(detail.Gate.open, { scope, params: { id: '101' } });

    expect(asked(server)).toStrictEqual([]);
    expect(scope.getState(detail.$key)).toBeNull();
    expect(scope.getState(detail.$status)).toBe('notFound');
  });
});
