import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHELL_NAMESPACE } from './groups.ts';
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

  it("start with the first screen's texts as they came, loading none of them again", async () => {
    // texts unlike the files', so that a load from the files would show
    const first = {
      language: 'de' as const,
      namespaces: {
        [SHELL_NAMESPACE]: { common: { back: 'Zurück (erste)' } },
        funds: { available: 'Verfügbar (erste)' },
      },
    };
    const i18n = await createI18n('de', first);
    expect(i18n.t('common.back')).toBe('Zurück (erste)');
    // the route loads its groups before it draws: they are there already
    await loadTextGroups(i18n, ['funds']);
    expect(i18n.t('funds.available')).toBe('Verfügbar (erste)');
    // a group the first screen did not draw comes from its own file
    await loadTextGroups(i18n, ['market']);
    expect(i18n.hasResourceBundle('de', 'market')).toBe(true);
    // texts of another language are not taken for this one's
    const inEnglish = await createI18n('en', first);
    expect(inEnglish.t('common.back')).toBe(english.common.back);
  });

  it('fail when a group does not come, rather than draw raw keys', async () => {
    const i18n = await createI18n('en');
    // @ts-expect-error: a group no file has
    await expect(loadTextGroups(i18n, ['noSuchGroup'])).rejects.toThrow(/noSuchGroup/);
  });
});
