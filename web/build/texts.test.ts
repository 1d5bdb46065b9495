import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { namespaceOf, SHELL_NAMESPACE, SHELL_TEXTS } from '../src/shared/i18n/groups.ts';
import {
  buildLoaderSource,
  devLoaderSource,
  packModuleId,
  pageTexts,
  readLocales,
  splitTexts,
  textsFolder,
  textsModuleId,
  undeclaredTexts,
  type ChunkToCheck,
  type TextTree,
} from './texts.ts';

// The build cuts each language file into one chunk per group of texts; what a route loads must
// be exactly what the file says, in its language, with English only where a translation lacks it.

const LOCALES = readLocales(fileURLToPath(new URL('../src/shared/i18n/locales/', import.meta.url)));

const flatten = (tree: TextTree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [[path, value]] : flatten(value, path);
  });

describe('the texts split by group', () => {
  const split = splitTexts(LOCALES, 'en', namespaceOf);

  it.each(Object.keys(LOCALES))(
    'puts every %s text in exactly one chunk, as the file has it',
    (language) => {
      // the shell's chunk holds its groups under their keys; any other chunk is its group's
      const texts = Object.entries(split[language] ?? {}).flatMap(([namespace, chunk]) =>
        flatten(chunk, namespace === SHELL_NAMESPACE ? '' : namespace),
      );
      const keys = texts.map(([key]) => key);
      expect(new Set(keys).size).toBe(keys.length);
      expect(Object.fromEntries(texts)).toEqual(
        Object.fromEntries(flatten(LOCALES[language] ?? {})),
      );
    },
  );

  it("keeps the shell's groups in one chunk and gives every other group its own", () => {
    const english = split['en'] ?? {};
    expect(Object.keys(english[SHELL_NAMESPACE] ?? {}).sort()).toEqual([...SHELL_TEXTS].sort());
    // a group's chunk is its texts, which `t('funds.available')` finds in namespace `funds`
    expect(english['funds']).toEqual(LOCALES['en']?.['funds']);
    expect(Object.keys(english).sort()).toEqual(
      [...new Set(Object.keys(LOCALES['en'] ?? {}).map(namespaceOf))].sort(),
    );
  });

  it('fills a text a translation lacks with the English one, keeping what it has', () => {
    const halfDone = splitTexts(
      {
        en: { common: { back: 'Back', retry: 'Retry' }, funds: { title: 'Funds' } },
        de: { common: { back: 'Zurück' } },
      },
      'en',
      namespaceOf,
    );
    expect(halfDone['de']).toEqual({
      [SHELL_NAMESPACE]: { common: { back: 'Zurück', retry: 'Retry' } },
      funds: { title: 'Funds' },
    });
  });

  it("gives a page's first screen its groups and the shell's in one chunk per language", () => {
    const home = pageTexts(split, 'de', SHELL_NAMESPACE, ['market', 'funds']);
    expect(Object.keys(home)).toEqual([SHELL_NAMESPACE, 'market', 'funds']);
    expect(home['funds']).toEqual(split['de']?.['funds']);
    expect(home[SHELL_NAMESPACE]).toEqual(split['de']?.[SHELL_NAMESPACE]);
    // the not-found page draws the shell's texts alone
    expect(Object.keys(pageTexts(split, 'en', SHELL_NAMESPACE, []))).toEqual([SHELL_NAMESPACE]);
    expect(() => pageTexts(split, 'xx', SHELL_NAMESPACE, [])).toThrow(/xx/);
  });

  it('names every chunk in the loader maps, in the dev server and in the build', () => {
    const dev = devLoaderSource(split, SHELL_NAMESPACE, ['home', 'not-found']);
    for (const [language, namespaces] of Object.entries(split)) {
      for (const namespace of Object.keys(namespaces))
        expect(dev).toContain(`import("${textsModuleId(language, namespace)}")`);
      expect(dev).toContain(`import("${packModuleId(language, 'home')}")`);
      expect(dev).toContain(`import("${packModuleId(language, 'not-found')}")`);
    }
    const folder = textsFolder(split);
    const build = buildLoaderSource(split, SHELL_NAMESPACE, folder);
    expect(build).toContain(`"./${folder}/"`);
    // a page's first texts are `<folder>/<language>-@<page>.js`, as index.html's preload names them
    expect(build).toContain(`language + '-@' + page + '.js'`);
    // The folder is named by the texts: an edited text is a new folder, never a stale cache.
    expect(
      textsFolder(splitTexts({ en: { common: { back: 'Go back' } } }, 'en', namespaceOf)),
    ).not.toBe(folder);
    // and by what each page's first file holds: a group one more page declares is a new folder
    expect(textsFolder(split, { home: ['market'] })).not.toBe(
      textsFolder(split, { home: ['market', 'funds'] }),
    );
    expect(textsFolder(split, { home: ['market'] })).toBe(textsFolder(split, { home: ['market'] }));
  });
});

describe('the loader map (virtual:texts)', () => {
  it('lists the shell first and loads each language of each group', async () => {
    const { NAMESPACES, loadTexts } = await import('virtual:texts');
    expect(NAMESPACES[0]).toBe(SHELL_NAMESPACE);
    expect(NAMESPACES).toContain('funds');
    expect((await loadTexts('de', 'funds')).default).toEqual(LOCALES['de']?.['funds']);
    await expect(loadTexts('xx', 'funds')).rejects.toThrow();
  });
});

describe('the check of declared texts (the build fails on what it finds)', () => {
  const KEYS = new Set(['common', 'nav', 'login', 'authForm', 'funds', 'positionActions']);
  const SHELL = new Set(['common', 'nav']);
  const chunk = (code: string, imports: string[] = [], dynamicImports: string[] = []) =>
    ({ code, imports, dynamicImports }) satisfies ChunkToCheck;
  const chunks = {
    'index.js': chunk('t("common.back");t(`nav.${k}`)', ['shared.js']),
    'shared.js': chunk('t("common.retry")'),
    'login.js': chunk('t("login.title")', ['form.js']),
    'form.js': chunk("t('authForm.email')"),
    'funds.js': chunk('t(`funds.available`)', ['form.js'], ['sheet.js', 'login.js']),
    // a sheet the page loads when it opens, drawing another group's texts
    'sheet.js': chunk('t("positionActions.close")'),
  };

  it('passes what the shell and each page declare', () => {
    expect(
      undeclaredTexts(
        chunks,
        'index.js',
        {
          login: { chunk: 'login.js', texts: ['login', 'authForm'] },
          funds: { chunk: 'funds.js', texts: ['funds', 'authForm', 'positionActions'] },
        },
        KEYS,
        SHELL,
      ),
    ).toEqual([]);
  });

  it("names a page's undeclared group, a lazy sheet's too, not another page's it links to", () => {
    expect(
      undeclaredTexts(
        chunks,
        'index.js',
        {
          login: { chunk: 'login.js', texts: ['login', 'authForm'] },
          funds: { chunk: 'funds.js', texts: ['funds'] },
        },
        KEYS,
        SHELL,
      ),
    ).toEqual([
      expect.stringMatching(/^the funds page draws "authForm" texts .*src\/app\/route-table\.ts$/),
      expect.stringMatching(/^the funds page draws "positionActions" texts/),
    ]);
  });

  it('names a group the shell draws that is not among its own', () => {
    expect(
      undeclaredTexts(
        { ...chunks, 'shared.js': chunk('t("funds.available")') },
        'index.js',
        {},
        KEYS,
        SHELL,
      ),
    ).toEqual([
      expect.stringMatching(/^the shell .* draws "funds" texts: add "funds" to SHELL_TEXTS/),
    ]);
  });
});
