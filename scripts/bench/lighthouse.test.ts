import { describe, expect, it } from 'vitest';
import { LIGHTHOUSE_PAGES, benchPagesAsked } from './lighthouse.ts';

describe('the pages a bench run audits', () => {
  it('are all of them when none is named', () => {
    expect(benchPagesAsked(undefined)).toEqual(LIGHTHOUSE_PAGES);
    expect(benchPagesAsked(' , ')).toEqual(LIGHTHOUSE_PAGES);
  });

  it('are those named, in the bench order, whatever order they were named in', () => {
    expect(benchPagesAsked('contract, home').map((page) => page.name)).toEqual([
      'home',
      'contract',
    ]);
  });

  it('stop the run at a name no page has, naming the variable and the pages', () => {
    expect(() => benchPagesAsked('home,hom', 'BENCH_STARTUP_PAGES')).toThrow(
      'BENCH_STARTUP_PAGES: unknown page hom (pages: login, home, market, contract, options)',
    );
  });
});
