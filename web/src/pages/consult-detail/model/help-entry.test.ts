import { $apiClient, ApiError, type ApiClient } from '#shared/api';
import { languageChanged } from '#shared/i18n';
import { endpoints, type Endpoint, type ResponseOf } from '@bourse/protocol';
import { allSettled, fork, type EventCallable } from 'effector';
import { describe, expect, it } from 'vitest';
import { $entry, $status, HelpEntryGate, type HelpEntry, retryClicked } from './help-entry.ts';

const entry = (id: string): HelpEntry => ({
  id,
  category: 'Account',
  title: `Question ${id}`,
  content: `<p>Answer ${id}</p>`,
  created_at: 1_763_900_000_000,
});

function helpServer(initial: readonly HelpEntry[]) {
  let entries = initial;
  let calls = 0;
  let failure: ApiError | null = null;
  const client: ApiClient = {
    call: <E extends Endpoint>(endpoint: E) => {
      expect(endpoint.path).toBe(endpoints.index.getCustomerList.path);
      calls += 1;
      if (failure) return Promise.reject(failure);
      return Promise.resolve({ list: entries } as ResponseOf<E>);
    },
  };
  return {
    client,
    calls: () => calls,
    fail: (error: ApiError | null) => {
      failure = error;
    },
    publish: (next: readonly HelpEntry[]) => {
      entries = next;
    },
  };
}

/** What useGate calls when the address changes under a mounted screen (not in the typings). */
const gateSet = (HelpEntryGate as unknown as { set: EventCallable<{ id: string | null }> }).set;

describe('a help entry', () => {
  it('is found by the id of the address in the help list', async () => {
    const server = helpServer([entry('1'), entry('2')]);
    const scope = fork({ values: [[$apiClient, server.client]] });

    await allSettled(HelpEntryGate.open, { scope, params: { id: '2' } });

    expect(scope.getState($status)).toBe('ready');
    expect(scope.getState($entry)?.title).toBe('Question 2');
  });

  it('is not found when the list has no such id', async () => {
    const scope = fork({ values: [[$apiClient, helpServer([entry('1')]).client]] });

    await allSettled(HelpEntryGate.open, { scope, params: { id: '7' } });

    expect(scope.getState($status)).toBe('notFound');
    expect(scope.getState($entry)).toBeNull();
  });

  it('is not found, without a call, when the address has no id', async () => {
    const server = helpServer([entry('1')]);
    const scope = fork({ values: [[$apiClient, server.client]] });

    await allSettled(HelpEntryGate.open, { scope, params: { id: null } });

    expect(scope.getState($status)).toBe('notFound');
    expect(server.calls()).toBe(0);
  });

  it('uses the list it has for another entry, and asks again for an id it lacks', async () => {
    const server = helpServer([entry('1'), entry('2')]);
    const scope = fork({ values: [[$apiClient, server.client]] });
    await allSettled(HelpEntryGate.open, { scope, params: { id: '1' } });

    await allSettled(gateSet, { scope, params: { id: '2' } });
    expect(server.calls()).toBe(1);
    expect(scope.getState($entry)?.id).toBe('2');

    server.publish([entry('1'), entry('2'), entry('3')]);
    await allSettled(gateSet, { scope, params: { id: '3' } });
    expect(server.calls()).toBe(2);
    expect(scope.getState($status)).toBe('ready');
  });

  it('asks for the list again in another language, and shows the entry in it', async () => {
    const server = helpServer([entry('1')]);
    const scope = fork({ values: [[$apiClient, server.client]] });
    await allSettled(HelpEntryGate.open, { scope, params: { id: '1' } });

    server.publish([{ ...entry('1'), title: 'Frage 1' }]);
    await allSettled(languageChanged, { scope, params: 'de' });

    expect(server.calls()).toBe(2);
    expect(scope.getState($status)).toBe('ready');
    expect(scope.getState($entry)?.title).toBe('Frage 1');
  });

  it('shows the error state when the list fails, and retry loads it', async () => {
    const server = helpServer([entry('1')]);
    server.fail(new ApiError({ kind: 'transport', msg: 'fetch failed' }));
    const scope = fork({ values: [[$apiClient, server.client]] });

    await allSettled(HelpEntryGate.open, { scope, params: { id: '1' } });
    expect(scope.getState($status)).toBe('error');

    server.fail(null);
    await allSettled(retryClicked, { scope });

    expect(scope.getState($status)).toBe('ready');
  });
});
