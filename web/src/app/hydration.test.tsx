// The prerendered frame of every signed-in route (web/build/prerender-pages.ts) against the first
// frame the app draws for a returning user, whose device keeps their profile and the prices of
// their last visit: hydration keeps the server's markup, attributes included, so both must be the
// same string. (`web/e2e/prerender.spec.ts` checks the same in Chromium, by route and language.)
import { LANGUAGES } from '@bourse/protocol/config';
import { allSettled, fork } from 'effector';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Lib from '#shared/lib';
import type * as Prerender from './prerender.tsx';

type PrerenderModule = typeof Prerender;
type LibModule = typeof Lib;

/** What the device keeps between visits (local storage, as the app writes it). */
const KEPT: Record<string, string> = {
  'bourse.is_login': 'true',
  'bourse.token': '"530794333a439ae6b4f6647309092ce8"',
  'bourse.uuid': '"b303e9c2-a45e-48a4-896c-26b5c7828299"',
  'bourse.user_info': JSON.stringify({
    user_id: '100001',
    email: 'verified.trader@example.com',
    area_code: '+44',
    phone: '7700900123',
    nickname: 'Ava Trader',
    avatar: '',
    invite_code: 'VRFD88',
    created_at: 1_795_856_986_016,
    identity_status: 'verified',
    account_mode: 'demo',
    currency: 'USD',
  }),
  'bourse.data_24h': JSON.stringify(
    [
      ['aapl', 'AAPL', '326.28', '313.17', '13.11', '4.19'],
      ['msft', 'MSFT', '529.80', '530.15', '-0.35', '-0.07'],
    ].map(([id, symbol, last, open, change, rate]) => ({
      symbol_id: id,
      symbol,
      last_price: last,
      open,
      high: last,
      low: open,
      change,
      change_rate: rate,
      volume: '3600329.6118',
      amount: '1148595288.62',
      bid: last,
      ask: last,
      status: 'open',
      time: 1_795_856_993_309,
    })),
  ),
  'bourse.selected_symbol': JSON.stringify({
    id: 'msft',
    display: 'MSFT',
    icon: '/static/symbols/msft.svg',
    name: 'Microsoft',
  }),
  'bourse.favourites': JSON.stringify({ '100001': ['msft'] }),
  'bourse.theme': '"night"',
};

function keptStorage(entries: Record<string, string>): Storage {
  const items = new Map(Object.entries(entries));
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, value);
    },
    removeItem: (key) => {
      items.delete(key);
    },
    clear: () => {
      items.clear();
    },
  };
}

const storage = keptStorage(KEPT);
let app: PrerenderModule;
let lib: LibModule;
beforeAll(async () => {
  // before the app's modules: they attach their storage when loaded
  vi.stubGlobal('localStorage', storage);
  app = await import('./prerender.tsx');
  lib = await import('#shared/lib');
}, 60_000);

describe('a signed-in route the app hydrates', () => {
  it('draws, for a returning user, the very frame the build prerendered, on every route', async () => {
    const mismatched: string[] = [];
    for (const language of LANGUAGES)
      for (const route of app.PRERENDERED_ROUTES.filter((one) => one.viewer === 'user')) {
        storage.setItem('bourse.app_language', JSON.stringify(language));
        const scope = fork();
        await allSettled(lib.appStarted, { scope });
        const first = await app.renderRoute(route.path, language, 'user', scope);
        const prerendered = await app.renderRoute(route.path, language, 'user');
        if (first !== prerendered)
          mismatched.push(`${language} ${route.path}\n${firstDifference(prerendered, first)}`);
      }
    expect(mismatched).toEqual([]);
  }, 300_000);
});

/** Where two strings part, with some context: what the build drew, then what the app drew. */
function firstDifference(built: string, drawn: string): string {
  let at = 0;
  while (at < built.length && built[at] === drawn[at]) at += 1;
  const from = Math.max(0, at - 160);
  return `  built: …${built.slice(from, at + 120)}\n  drawn: …${drawn.slice(from, at + 120)}`;
}
