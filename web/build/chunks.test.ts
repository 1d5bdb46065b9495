import { describe, expect, it } from 'vitest';
import { codeSplitting, isLoadedByItself, isShellModule, pageGroupOf } from './chunks.ts';

const nm = (path: string) => `/repo/node_modules/${path}`;
const src = (path: string) => `/repo/web/src/${path}`;

describe('the chunk plan', () => {
  it('puts the shell’s own code and the antd-mobile parts it draws in the shell', () => {
    expect(isShellModule(src('app/layout.tsx'))).toBe(true);
    expect(isShellModule(src('entities/market/model/tickers.ts'))).toBe(true);
    expect(isShellModule(nm('antd-mobile/es/components/dot-loading/dot-loading.js'))).toBe(true);
  });

  it('keeps out of the shell what the entry names through a slice’s index but does not draw', () => {
    // a slice's ui and lib, the number formats (decimal.js) and the logo: only some pages draw them
    expect(isShellModule(src('entities/market/ui/flash.tsx'))).toBe(false);
    expect(isShellModule(src('features/auth-form/lib/fields.ts'))).toBe(false);
    expect(isShellModule(src('shared/format/numbers.ts'))).toBe(false);
    expect(isShellModule(src('shared/ui/logo/logo-mark.tsx'))).toBe(false);
    expect(isShellModule(nm('decimal.js/decimal.mjs'))).toBe(false);
    // each language's texts keep their own file, which the preload names
    expect(isShellModule('\0virtual:texts/en/shell')).toBe(false);
  });

  it('groups the page side by what screens draw together', () => {
    expect(pageGroupOf(nm('antd-mobile/es/utils/bound.js'))).toBe('kit');
    expect(pageGroupOf(src('shared/routing/links.ts'))).toBe('kit');
    expect(pageGroupOf(nm('decimal.js/decimal.mjs'))).toBe('numbers');
    expect(pageGroupOf(nm('@react-spring/web/dist/react-spring-web.esm.js'))).toBe('motion');
    // antd-mobile's helper that animates is react-spring's user, not a small helper
    expect(pageGroupOf(nm('antd-mobile/es/utils/reduce-and-restore-motion.js'))).toBe('motion');
    // the row of tabs many screens draw first is the kit's, not a file of its own
    expect(pageGroupOf(src('shared/ui/tabs/tabs.tsx'))).toBe('kit');
    expect(pageGroupOf(nm('antd-mobile-icons/es/CloseOutline.js'))).toBe('notice');
    expect(pageGroupOf(src('entities/market/ui/symbol-icon.tsx'))).toBe('market');
    // what only an overlay opened later uses stays with it, off every first screen
    expect(pageGroupOf(nm('antd-mobile/es/utils/use-lock-scroll.js'))).toBeNull();
    expect(pageGroupOf(nm('antd-mobile/es/utils/render-to-container.js'))).toBeNull();
    // <Trans> is sign-in's and registration's, not the password reset's that shares their form
    expect(pageGroupOf(src('features/auth-form/ui/auth-form.tsx'))).toBe('auth');
    expect(pageGroupOf(nm('react-i18next/dist/es/TransWithoutContext.js'))).toBeNull();
    expect(pageGroupOf(src('entities/option/lib/figures.ts'))).toBe('options');
    // the feed's reader, on every signed-in start, takes the push shapes and the contract calls
    // with the account's (one file), not the options' and Coin Guess's calls with their examples
    const protocol = (path: string) => `/repo/contracts/protocol/src/${path}`;
    expect(pageGroupOf(protocol('endpoints/options-schema.ts'))).toBe('funds');
    expect(pageGroupOf(protocol('endpoints/digits-schema.ts'))).toBe('funds');
    expect(pageGroupOf(protocol('endpoints/contract.ts'))).toBe('funds');
    expect(pageGroupOf(protocol('endpoints/options.ts'))).toBe('option-calls');
    expect(pageGroupOf(protocol('endpoints/digits.ts'))).toBe('coin-guess');
    // the Coin Guess records read the server clock, not the options' figures and their texts
    expect(pageGroupOf(src('entities/option/model/server-clock.ts'))).toBe('option-calls');
    expect(pageGroupOf(src('entities/option/@x/coin-guess.ts'))).toBe('option-calls');
    // the viewer's marks naming only the viewer's texts apart from the account link naming the
    // user's (the binding screens draw the first, and do not declare the user's texts)
    expect(pageGroupOf(src('entities/viewer/ui/account-link.tsx'))).toBe('viewer');
    expect(pageGroupOf(src('entities/viewer/ui/bind-rule-notice.tsx'))).toBe('identity');
  });

  it('reads Windows paths as it reads POSIX ones', () => {
    expect(pageGroupOf('C:\\repo\\node_modules\\decimal.js\\decimal.mjs')).toBe('numbers');
    expect(isShellModule('C:\\repo\\web\\src\\shared\\format\\format.ts')).toBe(false);
  });

  it('leaves a page’s own code, its texts and what it loads lazily to the bundler', () => {
    expect(pageGroupOf(src('pages/home/ui/home-page.tsx'))).toBeNull();
    expect(pageGroupOf('\0virtual:texts/de/market')).toBeNull();
    expect(isLoadedByItself({ isEntry: false, dynamicImporters: [src('app/routes.tsx')] })).toBe(
      true,
    );
    expect(isLoadedByItself({ isEntry: true, dynamicImporters: [] })).toBe(true);
    expect(isLoadedByItself({ isEntry: false, dynamicImporters: [] })).toBe(false);
    expect(isLoadedByItself(null)).toBe(true);
  });

  it('asks Rolldown for the groups with the imports they follow', () => {
    const groups = codeSplitting.groups ?? [];
    expect(groups.map((group) => group.debugName ?? group.name)).toEqual([
      'framework',
      'shell',
      'page groups',
    ]);
    // the shell and page groups take the modules they name, not all that those import
    expect(groups.slice(1).map((group) => group.includeDependenciesRecursively)).toEqual([
      false,
      false,
    ]);
    const framework = groups[0]?.test;
    if (typeof framework !== 'function') throw new Error('the framework test is a function');
    expect(framework(nm('react-dom/cjs/react-dom-client.production.js'))).toBe(true);
    expect(framework(nm('antd-mobile/es/components/tabs/tabs.js'))).toBe(false);
  });
});
