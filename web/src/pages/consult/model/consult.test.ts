import { $apiClient, ApiError, type ApiClient } from '#shared/api';
import { declareAvailablePaths, PATHS } from '#shared/routing';
import { $isLoggedIn, sessionEnded, sessionStarted } from '#shared/session';
import { endpoints, type Endpoint, type ResponseOf } from '@bourse/protocol';
import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import {
  $agents,
  $agentsView,
  $channels,
  $channelsView,
  $faq,
  $faqView,
  agentsRetryClicked,
  channelsRetryClicked,
  ConsultGate,
  FAQ_TEASER_SIZE,
  type HelpEntry,
  type SupportAgent,
  type SupportChannel,
} from './consult.ts';
import { linkTargetOf } from './links.ts';

const CHANNELS: SupportChannel[] = [
  {
    id: 'online',
    name: 'Online support',
    channel: 'online',
    link: '/pages/consult/consult',
    hours: '24/7',
  },
  { id: 'tg', name: 'Telegram', channel: 'telegram', link: 'https://t.me/bourse', hours: '08–24' },
];
const AGENTS: SupportAgent[] = [
  { id: 'a1', name: 'Emma', channel: 'telegram', link: 'https://t.me/emma', online: true },
  { id: 'a2', name: 'Sofia', channel: 'email', link: 'mailto:sofia@bourse.example', online: false },
];
const HELP: HelpEntry[] = Array.from({ length: 5 }, (_, i) => ({
  id: String(i + 1),
  category: 'Account',
  title: `Question ${i + 1}`,
  content: '<p>Answer</p>',
  created_at: 1_763_900_000_000,
}));

/** The server: answers the three calls, records them, and fails the paths told to. */
function supportServer(agents: readonly SupportAgent[] = AGENTS) {
  const calls: string[] = [];
  const failing = new Set<string>();
  const replies: Record<string, unknown> = {
    [endpoints.index.getCustomer.path]: { list: CHANNELS },
    [endpoints.user.getCustomerList.path]: { list: agents },
    [endpoints.index.getCustomerList.path]: { list: HELP },
  };
  const client: ApiClient = {
    call: <E extends Endpoint>(endpoint: E) => {
      calls.push(endpoint.path);
      if (failing.has(endpoint.path)) {
        return Promise.reject(new ApiError({ kind: 'transport', msg: 'fetch failed' }));
      }
      return Promise.resolve(replies[endpoint.path] as ResponseOf<E>);
    },
  };
  return {
    client,
    calls,
    count: (path: string) => calls.filter((called) => called === path).length,
    fail: (path: string, on: boolean) => {
      if (on) failing.add(path);
      else failing.delete(path);
    },
  };
}

const AGENTS_PATH = endpoints.user.getCustomerList.path;
const CHANNELS_PATH = endpoints.index.getCustomer.path;

describe('the support screen', () => {
  it('shows the channels and the first common questions to a guest, without asking for agents', async () => {
    const server = supportServer();
    const scope = fork({ values: [[$apiClient, server.client]] });

    await allSettled(ConsultGate.open, { scope, params: {} });

    expect(scope.getState($channelsView)).toBe('ready');
    // The in-app desk is not offered (see below): Telegram is.
    expect(scope.getState($channels)?.map((c) => c.id)).toStrictEqual(['tg']);
    expect(scope.getState($faqView)).toBe('ready');
    expect(scope.getState($faq)?.map((q) => q.id)).toStrictEqual(
      HELP.slice(0, FAQ_TEASER_SIZE).map((q) => q.id),
    );
    expect(server.count(AGENTS_PATH)).toBe(0);
    expect(scope.getState($agentsView)).toBe('guest');
  });

  it("loads the signed-in user's agents, and again each time the screen opens", async () => {
    const server = supportServer();
    const scope = fork({
      values: [
        [$apiClient, server.client],
        [$isLoggedIn, true],
      ],
    });

    await allSettled(ConsultGate.open, { scope, params: {} });
    expect(scope.getState($agentsView)).toBe('ready');
    expect(scope.getState($agents)?.map((a) => a.name)).toStrictEqual(['Emma', 'Sofia']);

    await allSettled(ConsultGate.close, { scope, params: {} });
    await allSettled(ConsultGate.open, { scope, params: {} });
    expect(server.count(AGENTS_PATH)).toBe(2);
    expect(server.count(CHANNELS_PATH)).toBe(1);
  });

  it('loads the agents when the user signs in while the screen is open', async () => {
    const server = supportServer();
    const scope = fork({ values: [[$apiClient, server.client]] });
    await allSettled(ConsultGate.open, { scope, params: {} });
    expect(server.count(AGENTS_PATH)).toBe(0);

    await allSettled(sessionStarted, {
      scope,
      params: {
        token: 'tok',
        user: endpoints.user.info.response.parse(endpoints.user.info.example.response),
      },
    });

    expect(server.count(AGENTS_PATH)).toBe(1);
    expect(scope.getState($agentsView)).toBe('ready');
  });

  it('offers no in-app chat: channels and agents that lead to this screen or nowhere are left out', async () => {
    declareAvailablePaths([PATHS.help, PATHS.consult]);
    const mei: SupportAgent = {
      id: 'a3',
      name: 'Mei',
      channel: 'online',
      link: '/pages/consult/consult',
      online: true,
    };
    const nowhere: SupportAgent = { ...mei, id: 'a4', name: 'Kai', link: 'javascript:alert(1)' };
    const server = supportServer([...AGENTS, mei, nowhere]);
    const scope = fork({
      values: [
        [$apiClient, server.client],
        [$isLoggedIn, true],
      ],
    });

    await allSettled(ConsultGate.open, { scope, params: {} });

    expect(scope.getState($channels)?.map((c) => c.id)).toStrictEqual(['tg']);
    expect(scope.getState($agents)?.map((a) => a.name)).toStrictEqual(['Emma', 'Sofia']);
  });

  it('forgets the agents when the user signs out', async () => {
    const server = supportServer();
    const scope = fork({
      values: [
        [$apiClient, server.client],
        [$isLoggedIn, true],
      ],
    });
    await allSettled(ConsultGate.open, { scope, params: {} });

    await allSettled(sessionEnded, { scope });

    expect(scope.getState($agents)).toBeNull();
    expect(scope.getState($agentsView)).toBe('guest');
  });

  it('shows an error for the channels when they fail, and retry loads them', async () => {
    const server = supportServer();
    server.fail(CHANNELS_PATH, true);
    const scope = fork({ values: [[$apiClient, server.client]] });

    await allSettled(ConsultGate.open, { scope, params: {} });
    expect(scope.getState($channelsView)).toBe('error');
    expect(scope.getState($faqView)).toBe('ready'); // the rest of the screen still works

    server.fail(CHANNELS_PATH, false);
    await allSettled(channelsRetryClicked, { scope });
    expect(scope.getState($channelsView)).toBe('ready');
  });

  it('shows an error for the agents when they fail, and retry loads them', async () => {
    const server = supportServer();
    server.fail(AGENTS_PATH, true);
    const scope = fork({
      values: [
        [$apiClient, server.client],
        [$isLoggedIn, true],
      ],
    });

    await allSettled(ConsultGate.open, { scope, params: {} });
    expect(scope.getState($agentsView)).toBe('error');

    server.fail(AGENTS_PATH, false);
    await allSettled(agentsRetryClicked, { scope });
    expect(scope.getState($agentsView)).toBe('ready');
  });

  it('leaves the common questions out when they fail', async () => {
    const server = supportServer();
    server.fail(endpoints.index.getCustomerList.path, true);
    const scope = fork({ values: [[$apiClient, server.client]] });

    await allSettled(ConsultGate.open, { scope, params: {} });

    expect(scope.getState($faqView)).toBe('none');
  });
});

describe('support links', () => {
  it('open web addresses in a new tab and hand mail and phone to the device', () => {
    expect(linkTargetOf('https://t.me/bourse')).toStrictEqual({
      kind: 'external',
      href: 'https://t.me/bourse',
    });
    expect(linkTargetOf(' mailto:a@b.example ')).toStrictEqual({
      kind: 'direct',
      href: 'mailto:a@b.example',
    });
    expect(linkTargetOf('tel:+447700900124')).toStrictEqual({
      kind: 'direct',
      href: 'tel:+447700900124',
    });
  });

  it('follow app paths with the router, and know this screen is the desk', () => {
    declareAvailablePaths([PATHS.help, PATHS.consult]);
    expect(linkTargetOf('/pages/help/help')).toStrictEqual({ kind: 'app', to: '/pages/help/help' });
    expect(linkTargetOf('/pages/consult/consult')).toStrictEqual({ kind: 'desk' });
    expect(linkTargetOf('/pages/consult/consult/?x=1')).toStrictEqual({ kind: 'desk' });
  });

  it('follow nothing else, pages that have not landed included', () => {
    for (const link of [
      PATHS.withdraw,
      'javascript:alert(1)',
      '//evil.example',
      'data:text/html,x',
      '',
      'https://',
    ]) {
      expect(linkTargetOf(link)).toStrictEqual({ kind: 'none' });
    }
  });
});
