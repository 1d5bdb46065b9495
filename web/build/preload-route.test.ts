import { describe, expect, it } from 'vitest';
import { preloadAtStart, type PreloadData } from './preload-route.ts';

// The files index.html preloads for a visit, read back as the links the script appends.

const DATA: PreloadData = {
  f: [
    'assets/login-1.js',
    'assets/form-1.js',
    'assets/login-1.css',
    'assets/home-1.js',
    'assets/quotes-1.js',
    'assets/client-1.js',
    'assets/unused-1.js',
    'assets/unused-2.js',
    'assets/help-1.js',
  ],
  r: {
    '/': [0, 2],
    '/pages/login/login': [0, 2],
    '/pages/home/home': [1, 1],
    '/pages/quotes/quotes': [2, 1],
    '/pages/help/help': [3, 0],
  },
  p: [[0, 1, 2], [3], [4, 1], [8]],
  // each page's texts with the shell's, one file per language
  t: ['@login', '@home', '@quotes', '@help'],
  login: 0,
  landing: 1,
  l: ['en', 'de'],
  x: 'assets/texts-1/',
  nf: '@not-found',
  d: 'en',
  s: [5],
  k: ['bourse.is_login', 'bourse.app_language'],
  base: '/',
};

interface Link {
  rel: string;
  as?: string;
  href: string;
  crossOrigin: string | null;
}

function visit(
  pathname: string,
  kept: Readonly<Record<string, string>> = {},
  holds: readonly string[] = [],
): Link[] {
  const links: Link[] = [];
  const doc = {
    querySelector: (selector: string) =>
      holds.some((href) => selector === `link[rel="stylesheet"][href="${href}"]`) ? {} : null,
    createElement: () => ({ rel: '', href: '', crossOrigin: null }) as Link,
    head: {
      appendChild: (link: Link) => {
        links.push(link);
        return link;
      },
    },
  } as unknown as Pick<Document, 'createElement' | 'head' | 'querySelector'>;
  preloadAtStart(DATA, pathname, { getItem: (key) => kept[key] ?? null }, doc);
  return links;
}

const hrefs = (links: readonly Link[]) => links.map((link) => link.href);
const SIGNED_IN = { 'bourse.is_login': 'true' };

describe('the preload script of index.html', () => {
  it("fetches the login page and its texts with the shell's, one file, in English for a guest on the landing address", () => {
    const links = visit('/');
    expect(hrefs(links)).toEqual([
      '/assets/login-1.js',
      '/assets/form-1.js',
      '/assets/login-1.css',
      '/assets/texts-1/en-@login.js',
    ]);
    expect(links.map((link) => link.rel)).toEqual([
      'modulepreload',
      'modulepreload',
      'preload',
      'modulepreload',
    ]);
    expect(links[2]?.as).toBe('style');
    // Same CORS mode as the module scripts, or the browser fetches them twice.
    expect(links.every((link) => link.crossOrigin === '')).toBe(true);
  });

  it('leaves out a sheet the page already holds (a prerendered page inlined it)', () => {
    expect(hrefs(visit('/', {}, ['/assets/login-1.css']))).toEqual([
      '/assets/login-1.js',
      '/assets/form-1.js',
      '/assets/texts-1/en-@login.js',
    ]);
  });

  it('fetches the opened page and the API client for a signed-in user, not the login page', () => {
    expect(hrefs(visit('/pages/quotes/quotes', SIGNED_IN))).toEqual([
      '/assets/quotes-1.js',
      '/assets/form-1.js',
      '/assets/client-1.js',
      '/assets/texts-1/en-@quotes.js',
    ]);
  });

  it('fetches what the router will show: login for a guest on a signed-in page, home the other way', () => {
    expect(hrefs(visit('/pages/home/home'))).toContain('/assets/login-1.js');
    expect(hrefs(visit('/pages/home/home'))).not.toContain('/assets/home-1.js');
    expect(hrefs(visit('/pages/login/login', SIGNED_IN))).toContain('/assets/home-1.js');
    expect(hrefs(visit('/pages/login/login', SIGNED_IN))).not.toContain('/assets/login-1.js');
    expect(hrefs(visit('/pages/help/help'))).toContain('/assets/help-1.js');
    expect(hrefs(visit('/pages/home/home'))).toContain('/assets/texts-1/en-@login.js');
    expect(hrefs(visit('/pages/login/login', SIGNED_IN))).toContain('/assets/texts-1/en-@home.js');
  });

  it("fetches the texts in the kept language only, and the default's for what it does not know", () => {
    expect(hrefs(visit('/', { 'bourse.app_language': '"de"' }))).toEqual([
      '/assets/login-1.js',
      '/assets/form-1.js',
      '/assets/login-1.css',
      '/assets/texts-1/de-@login.js',
    ]);
    // the guest is sent to the login page: its texts, not the home page's
    expect(hrefs(visit('/pages/home/home', { 'bourse.app_language': '"de"' }))).toContain(
      '/assets/texts-1/de-@login.js',
    );
    expect(hrefs(visit('/', { 'bourse.app_language': '"toString"' }))).toContain(
      '/assets/texts-1/en-@login.js',
    );
    expect(hrefs(visit('/', { 'bourse.app_language': 'not json' }))).toContain(
      '/assets/texts-1/en-@login.js',
    );
  });

  it("fetches only the not-found page's texts (the shell's) for an address no route has, or one named like a built-in", () => {
    expect(hrefs(visit('/pages/nowhere'))).toEqual(['/assets/texts-1/en-@not-found.js']);
    expect(hrefs(visit('constructor'))).toEqual(['/assets/texts-1/en-@not-found.js']);
  });
});
