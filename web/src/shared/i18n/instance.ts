import { LANGUAGES, type Language } from '@bourse/protocol/config';
import i18next, { type i18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { loadPageTexts, loadTexts as importTexts } from 'virtual:texts';
import { namespaceOf, SHELL_NAMESPACE, type TextGroup } from './groups.ts';

/**
 * One language's texts of one namespace: its own chunk, fetched when first needed. The build
 * (`web/build/texts.ts`) has put in the English text of any key a translation lacks, so a visit
 * loads its own language only.
 */
const loadTexts = async (language: string, namespace: string) =>
  (await importTexts(language, namespace)).default;

/** The namespaces that hold these groups (a group of the shell is in the shell's). */
const namespacesOf = (groups: readonly TextGroup[]): string[] => [
  ...new Set(groups.map(namespaceOf)),
];

/** The texts of the first screen: one language's shell and page namespaces, by namespace. */
export interface FirstTexts {
  readonly language: Language;
  readonly namespaces: Readonly<Record<string, Record<string, unknown>>>;
}

/**
 * Fetches the texts the first screen draws, the shell's and its page's groups, as one file (which
 * index.html has named already), so that they come while the runtime config and the page's code
 * do. Null when it does not come: the shell then loads its texts as every later route loads its
 * own, a group at a time, and reports a failure as they do.
 */
export async function loadFirstTexts(language: Language, page: string): Promise<FirstTexts | null> {
  try {
    return { language, namespaces: (await loadPageTexts(language, page)).default };
  } catch {
    return null;
  }
}

/**
 * Loads the groups of texts a route draws, in the current language (a later language change
 * loads them in the new one: i18next reloads every namespace it has loaded). Fails when one does
 * not come, so the route shows its loading error rather than raw keys.
 */
export async function loadTextGroups(instance: i18n, groups: readonly TextGroup[]): Promise<void> {
  const namespaces = namespacesOf(groups);
  if (namespaces.length === 0) return;
  await instance.loadNamespaces(namespaces);
  // (`hasLoadedNamespace` counts a failed load as done)
  const missing = namespaces.filter(
    (namespace) => !instance.hasResourceBundle(instance.language, namespace),
  );
  if (missing.length > 0) throw new Error(`The texts ${missing.join(', ')} did not load`);
}

/**
 * The app's i18next: the shell's texts loaded at once, every other group a namespace of its own
 * that routes load (`loadTextGroups`). Pages keep writing `t('funds.available')`: the namespace
 * separator is the key separator, so once `funds` is loaded the key's first part names its
 * namespace and the lookup goes straight there (a key of the shell, `common.back`, whose first
 * part is no namespace, is looked up in the shell's). No lookup walks the other namespaces: with
 * some fifty of them, that walk was most of the time a screen spent drawing its texts.
 */
export async function createI18n(language: Language, first?: FirstTexts | null): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance
    .use(resourcesToBackend(loadTexts))
    .use(initReactI18next)
    .init({
      lng: language,
      // The first screen's texts as they came (`loadFirstTexts`): the backend loads only the
      // namespaces they lack, and every namespace of a later language.
      ...(first?.language === language
        ? { resources: { [language]: first.namespaces }, partialBundledLanguages: true }
        : {}),
      // The build put the English texts into every language's chunks (see `loadTexts`).
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      load: 'currentOnly',
      ns: [SHELL_NAMESPACE],
      defaultNS: SHELL_NAMESPACE,
      nsSeparator: '.',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    });
  return instance;
}
