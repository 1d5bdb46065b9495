import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createI18n, loadTextGroups } from './instance.ts';

// The app's i18next with the texts split by group (virtual:texts, as the build splits them).

interface Texts {
  common: { back: string };
  funds: { available: string };
}
const load = (language: string) =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, 'locales', `${language}.json`), 'utf8'),
  ) as Texts;
const english = load('en');
const german = load('de');

describe('the app texts, loaded per route', () => {
  it("draw the shell's at once and a route's once loaded, in the language, and again after a switch", async () => {
    const i18n = await createI18n('de');
    expect(i18n.t('common.back')).toBe(german.common.back);
    // not loaded yet: a key, not another language's text
    expect(i18n.t('funds.available')).toBe('funds.available');
    await loadTextGroups(i18n, ['funds']);
    expect(i18n.t('funds.available')).toBe(german.funds.available);
    expect(i18n.hasResourceBundle('en', 'funds')).toBe(false);

    await i18n.changeLanguage('en');
    expect(i18n.t('funds.available')).toBe(english.funds.available);
    expect(i18n.t('common.back')).toBe(english.common.back);
  });

  it('fail when a group does not come, rather than draw raw keys', async () => {
    const i18n = await createI18n('en');
    // @ts-expect-error: a group no file has
    await expect(loadTextGroups(i18n, ['noSuchGroup'])).rejects.toThrow(/noSuchGroup/);
  });
});
