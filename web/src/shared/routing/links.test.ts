import { describe, expect, it } from 'vitest';
import { declareAvailablePaths } from './available.ts';
import { linkTargetOf } from './links.ts';
import { PATHS } from './paths.ts';

// This build's pages, as app/routes.tsx declares them (a few: the withdrawal page stands for
// one that has not landed).
declareAvailablePaths([
  PATHS.home,
  PATHS.quotes,
  PATHS.user,
  PATHS.announcementDetail,
  PATHS.contract,
  PATHS.options,
  PATHS.game,
]);

describe('where a link of the app leads', () => {
  it('opens a registered page through the router, query and all', () => {
    expect(linkTargetOf(`${PATHS.announcementDetail}?id=7`)).toEqual({
      kind: 'route',
      to: `${PATHS.announcementDetail}?id=7`,
    });
    expect(linkTargetOf(`${PATHS.quotes}/`)).toEqual({ kind: 'route', to: `${PATHS.quotes}/` });
  });

  it("opens the contract page with the chart's symbol, now that it has landed", () => {
    expect(linkTargetOf(`${PATHS.contract}?symbol=1`)).toEqual({
      kind: 'route',
      to: `${PATHS.contract}?symbol=1`,
    });
  });

  it('opens the options page, now that it has landed', () => {
    expect(linkTargetOf(`${PATHS.options}?from=banner`)).toEqual({
      kind: 'route',
      to: `${PATHS.options}?from=banner`,
    });
  });

  it('opens the coin guess, now that it has landed, instead of Market', () => {
    expect(linkTargetOf(`${PATHS.game}?from=banner`)).toEqual({
      kind: 'route',
      to: `${PATHS.game}?from=banner`,
    });
  });

  it('goes to the fallback in place of a page that has not landed', () => {
    expect(linkTargetOf(PATHS.withdraw, PATHS.quotes)).toEqual({ kind: 'route', to: PATHS.quotes });
  });

  it('goes nowhere, never to the not-found page, without a registered fallback', () => {
    expect(linkTargetOf(PATHS.withdraw)).toEqual({ kind: 'none' });
    expect(linkTargetOf(PATHS.withdraw, PATHS.assets)).toEqual({ kind: 'none' });
    expect(linkTargetOf('/pages/nowhere/nowhere', PATHS.home)).toEqual({
      kind: 'route',
      to: PATHS.home,
    });
  });

  it('opens web pages and mail or phone links outside, and nothing else', () => {
    expect(linkTargetOf(' https://example.com/a ')).toEqual({
      kind: 'web',
      href: 'https://example.com/a',
    });
    expect(linkTargetOf('mailto:help@example.com')).toEqual({
      kind: 'direct',
      href: 'mailto:help@example.com',
    });
    expect(linkTargetOf('javascript:alert(1)', PATHS.home)).toEqual({ kind: 'none' });
    expect(linkTargetOf('//evil.example/x', PATHS.home)).toEqual({ kind: 'none' });
  });
});
