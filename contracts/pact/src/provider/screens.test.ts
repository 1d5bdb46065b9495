/**
 * The screens a drift hurts, read from the web's real source: the mapping of endpoints to the
 * routed pages that reach them, the narrowing to the field, and the report carrying them.
 */
import { describe, expect, it } from 'vitest';
import {
  endpointsIn,
  lastSegment,
  routedPages,
  screenReaches,
  screensByEndpoint,
  screensFor,
  withScreens,
} from './screens.ts';
import type { BackendReport } from './verify.ts';

const byEndpoint = screensByEndpoint();
const reaches = screenReaches();

describe('the screens of each endpoint, from the web source', () => {
  it('names screens by the route table’s pages', () => {
    const pages = routedPages();
    expect(pages).toEqual(expect.arrayContaining(['login', 'home', 'user', 'recharge']));
    for (const screens of byEndpoint.values()) {
      for (const screen of screens) expect(pages).toContain(screen);
    }
  });

  it('finds the pages that call an endpoint themselves', () => {
    // only the demo top-up of the recharge page reads the platform settings
    expect(byEndpoint.get('/api/index/getConfig')).toEqual(['recharge']);
    expect(byEndpoint.get('/api/index/bannerList')).toEqual(['home']);
    // login imports its endpoint groups by name: `index.getPhoneCode`
    expect(byEndpoint.get('/api/index/getPhoneCode')).toEqual(['login', 'verified']);
  });

  it('follows the entities, features and shared slices a page imports', () => {
    // the session (shared) fetches the user: every page that imports it reaches it
    expect(byEndpoint.get('/api/users/info')).toEqual(
      expect.arrayContaining(['user', 'home', 'setup']),
    );
    // the symbols entity
    expect(byEndpoint.get('/api/index/getSymbolList')).toEqual(
      expect.arrayContaining(['home', 'quotes', 'kline']),
    );
    // the email-code feature is handed its endpoint by the pages
    expect(byEndpoint.get('/api/login/sendEmail')).toEqual(
      expect.arrayContaining(['register', 'forget']),
    );
  });

  it('narrows to the screens that name the drifting field, or keeps them all', () => {
    const everyUserScreen = screensFor('/api/users/info', ['$.data.no_such_field'], reaches);
    expect(everyUserScreen).toEqual(byEndpoint.get('/api/users/info'));
    const nickname = screensFor('/api/users/info', ['$.data.nickname'], reaches);
    expect(nickname).toEqual(expect.arrayContaining(['user', 'setup-name']));
    expect(nickname.length).toBeLessThan(everyUserScreen.length);
    expect(screensFor('/api/index/getConfig', ['$.data.site_name'], reaches)).toEqual(['recharge']);
    expect(screensFor('/api/nowhere', ['$.data.x'], reaches)).toEqual([]);
  });
});

describe('the static reading', () => {
  it('resolves endpoint references to their paths', () => {
    const text = `
      import { auth as a } from '@bourse/protocol/endpoints/auth';
      import { index } from '@bourse/protocol/endpoints/index';
      const one = createApiEffect(endpoints.user.info);
      const two = createApiEffect(a.login);
      const three = createApiEffect(index.getLang);
      const none = endpoints.user.nothing + other.index.getConfig;`;
    expect([...endpointsIn(text)].sort()).toEqual([
      '/api/index/getLang',
      '/api/login/index',
      '/api/users/info',
    ]);
  });

  it('takes the last name of a field', () => {
    expect(lastSegment('$.data.site_name')).toBe('site_name');
    expect(lastSegment('$.data.list[0].price')).toBe('price');
    expect(lastSegment('(not verified)')).toBeUndefined();
  });

  it('puts the screens on each drifting interaction of a report', () => {
    const report: BackendReport = {
      backend: 'http://backend',
      pushesNotReplayed: 0,
      counts: { holds: 1, drifts: 1, needsState: 0 },
      interactions: [
        {
          description: 'the settings',
          path: '/api/index/getConfig',
          states: [''],
          verdict: 'drifts',
          mismatches: [{ type: 'BodyMismatch', field: '$.data.site_name', differed: 'missing' }],
        },
        {
          description: 'the banners',
          path: '/api/index/bannerList',
          states: [''],
          verdict: 'holds',
          mismatches: [],
        },
      ],
    };
    const [drift, holds] = withScreens(report).interactions;
    expect(drift?.screens).toEqual(['recharge']);
    expect(holds?.screens).toBeUndefined();
    // outside the repository (no web source), the report stays as it is
    expect(withScreens(report, '/nonexistent').interactions[0]?.screens).toBeUndefined();
  });
});
