import { $apiClient, ApiError, type ApiClient } from '#shared/api';
import { endpoints, type Endpoint, type ResponseOf } from '@bourse/protocol';
import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import {
  $appliedQuery,
  $categories,
  $results,
  $searchHintVisible,
  $view,
  HelpGate,
  type HelpEntry,
  queryChanged,
  retryClicked,
  searchCleared,
  searchSubmitted,
} from './help.ts';
import { searchEntries, textOfHtml } from './search.ts';

const entry = (id: string, category: string, title: string, content: string): HelpEntry => ({
  id,
  category,
  title,
  content,
  created_at: 1_763_900_000_000,
});

const ENTRIES: readonly HelpEntry[] = [
  entry('1', 'Account', 'How do I reset my password?', '<p>Tap “Forgot password”.</p>'),
  entry('2', 'Deposits', 'How long does a USDT deposit take?', '<p>About 20 confirmations.</p>'),
  entry(
    '3',
    'Account',
    'Why verify my identity?',
    '<p>Withdrawals need a <b>verified</b> account.</p>',
  ),
  entry('4', 'Trading', 'What is leverage?', '<p>It multiplies the deposit &amp; the risk.</p>'),
];

function helpServer(entries: readonly HelpEntry[] = ENTRIES) {
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
  };
}

async function openHelp(server = helpServer()) {
  const scope = fork({ values: [[$apiClient, server.client]] });
  await allSettled(HelpGate.open, { scope, params: {} });
  return scope;
}

describe('the help centre', () => {
  it('groups the entries by category, in the order the categories first appear', async () => {
    const scope = await openHelp();

    expect(scope.getState($view)).toBe('ready');
    const categories = scope.getState($categories);
    expect(categories.map((c) => c.name)).toStrictEqual(['Account', 'Deposits', 'Trading']);
    expect(categories[0]?.entries.map((e) => e.id)).toStrictEqual(['1', '3']);
  });

  it('shows the entries that match a search, and only those', async () => {
    const scope = await openHelp();

    await allSettled(queryChanged, { scope, params: '  PASSWORD ' });
    expect(scope.getState($results)).toBeNull(); // nothing is searched before it is asked for
    await allSettled(searchSubmitted, { scope });

    expect(scope.getState($appliedQuery)).toBe('PASSWORD');
    expect(scope.getState($results)?.map((e) => e.id)).toStrictEqual(['1']);
    expect(scope.getState($searchHintVisible)).toBe(false);
  });

  it('finds words in the answer and the category, every word required', async () => {
    const scope = await openHelp();

    await allSettled(queryChanged, { scope, params: 'verified account' });
    await allSettled(searchSubmitted, { scope });
    expect(scope.getState($results)?.map((e) => e.id)).toStrictEqual(['3']);

    await allSettled(queryChanged, { scope, params: 'deposit' });
    await allSettled(searchSubmitted, { scope });
    // a question and an answer hold the word
    expect(scope.getState($results)?.map((e) => e.id)).toStrictEqual(['2', '4']);

    await allSettled(queryChanged, { scope, params: 'trading' });
    await allSettled(searchSubmitted, { scope });
    expect(scope.getState($results)?.map((e) => e.id)).toStrictEqual(['4']);

    await allSettled(queryChanged, { scope, params: 'password leverage' });
    await allSettled(searchSubmitted, { scope });
    expect(scope.getState($results)).toStrictEqual([]);
  });

  it('shows the hint instead of searching when the search box is empty', async () => {
    const scope = await openHelp();

    await allSettled(queryChanged, { scope, params: '   ' });
    await allSettled(searchSubmitted, { scope });

    expect(scope.getState($searchHintVisible)).toBe(true);
    expect(scope.getState($appliedQuery)).toBeNull();
    expect(scope.getState($results)).toBeNull();

    // typing hides the hint again
    await allSettled(queryChanged, { scope, params: 'p' });
    expect(scope.getState($searchHintVisible)).toBe(false);
  });

  it('goes back to the categories when the search is cleared or emptied', async () => {
    const scope = await openHelp();
    await allSettled(queryChanged, { scope, params: 'leverage' });
    await allSettled(searchSubmitted, { scope });
    expect(scope.getState($results)).toHaveLength(1);

    await allSettled(searchCleared, { scope });
    expect(scope.getState($results)).toBeNull();

    await allSettled(queryChanged, { scope, params: 'leverage' });
    await allSettled(searchSubmitted, { scope });
    await allSettled(queryChanged, { scope, params: '' });
    expect(scope.getState($results)).toBeNull();
  });

  it('shows the error state when the list fails, and retry loads it', async () => {
    const server = helpServer();
    server.fail(new ApiError({ kind: 'transport', msg: 'fetch failed' }));
    const scope = await openHelp(server);
    expect(scope.getState($view)).toBe('error');

    server.fail(null);
    await allSettled(retryClicked, { scope });

    expect(server.calls()).toBe(2);
    expect(scope.getState($view)).toBe('ready');
  });

  it('says so when there is no entry at all', async () => {
    const scope = await openHelp(helpServer([]));

    expect(scope.getState($view)).toBe('empty');
  });

  it('does not load the entries again when the screen opens again', async () => {
    const server = helpServer();
    const scope = await openHelp(server);
    await allSettled(HelpGate.close, { scope, params: {} });

    await allSettled(HelpGate.open, { scope, params: {} });

    expect(server.calls()).toBe(1);
  });
});

describe('matching', () => {
  it('ignores case, accents and full-width forms', () => {
    const entries = [
      entry('1', 'Cuenta', 'Cómo cambiar la contraseña', ''),
      entry('2', 'ＦＡＱ', 'Ｘ', ''),
    ];

    expect(searchEntries(entries, 'COMO contrasena').map((e) => e.id)).toStrictEqual(['1']);
    expect(searchEntries(entries, 'faq').map((e) => e.id)).toStrictEqual(['2']);
  });

  it('puts the entries whose question matches before those whose answer does', () => {
    const entries = [
      entry('1', 'A', 'Fees', '<p>Withdrawals cost 1%.</p>'),
      entry('2', 'A', 'Withdrawals', '<p>They take a day.</p>'),
    ];

    expect(searchEntries(entries, 'withdrawals').map((e) => e.id)).toStrictEqual(['2', '1']);
  });

  it('matches the text of the HTML, not its tags or attributes', () => {
    expect(textOfHtml('<a href="/pages/help">Help&nbsp;centre</a> &#x4E2D; &lt;b&gt;')).toBe(
      'Help centre 中 <b>',
    );
    expect(
      searchEntries([entry('1', 'A', 'Q', '<a href="/pages/x">go</a>')], 'pages'),
    ).toStrictEqual([]);
  });
});
