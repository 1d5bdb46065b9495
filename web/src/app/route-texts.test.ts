import { SHELL_TEXTS } from '#shared/i18n';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_TABLE } from './route-table.ts';

const english = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', 'shared', 'i18n', 'locales', 'en.json'), 'utf8'),
) as Record<string, unknown>;

// Each route loads the groups of texts it declares: a group that no route declares and the shell
// does not hold would never load, and its screen would show raw keys.

describe('the groups of texts the routes declare', () => {
  it('cover every top-level key of the texts', () => {
    const declared = new Set<string>([
      ...SHELL_TEXTS,
      ...ROUTE_TABLE.flatMap((route) => route.texts),
    ]);
    const forgotten = Object.keys(english)
      .filter((key) => !declared.has(key))
      .map(
        (key) =>
          `"${key}" (src/shared/i18n/locales/*.json) is loaded by no route: add it to the texts of ` +
          `the route that draws it in src/app/route-table.ts, or to SHELL_TEXTS ` +
          `(src/shared/i18n/groups.ts) if the shell draws it on every route`,
      );
    expect(forgotten).toEqual([]);
  });

  it('are the same for each address of one page', () => {
    for (const route of ROUTE_TABLE) {
      const page = ROUTE_TABLE.filter((other) => other.page === route.page);
      for (const other of page) expect([...other.texts].sort()).toEqual([...route.texts].sort());
    }
  });
});
