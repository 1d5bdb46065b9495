import { LANDING_PATH, PATHS } from '#shared/routing';
import { describe, expect, it } from 'vitest';
import { firstPageAt } from './routes.tsx';

// The first screen's texts come as one file, chosen before the app runs: it must be the page the
// router will draw, as index.html's preload chooses it (web/build/preload-route.ts).

describe('the page a first screen draws', () => {
  it('is the page at the address for whom it is open', () => {
    expect(firstPageAt(PATHS.quotes, true)).toBe('quotes');
    expect(firstPageAt(PATHS.login, false)).toBe('login');
    expect(firstPageAt(PATHS.help, false)).toBe('help');
    expect(firstPageAt(PATHS.help, true)).toBe('help');
  });

  it('is the login page for a guest on a signed-in page, the landing page the other way', () => {
    expect(firstPageAt(PATHS.quotes, false)).toBe('login');
    expect(firstPageAt(PATHS.root, true)).toBe(firstPageAt(LANDING_PATH, true));
    expect(firstPageAt(PATHS.login, true)).toBe('home');
  });

  it('is the page the router draws for an address written otherwise', () => {
    // the router matches without regard to a trailing slash or letter case
    expect(firstPageAt(`${PATHS.quotes}/`, true)).toBe('quotes');
    expect(firstPageAt(PATHS.quotes.toUpperCase(), true)).toBe('quotes');
    expect(firstPageAt(`${PATHS.quotes}/`, false)).toBe('login');
  });

  it('is the not-found page for an address no route has', () => {
    expect(firstPageAt('/pages/nowhere', false)).toBe('not-found');
    expect(firstPageAt('/pages/nowhere', true)).toBe('not-found');
  });
});
