import { LANGUAGES, type Language } from '@bourse/protocol';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One register and one term per concept in every language (issue 21). `glossary/<lang>.json`
 * names the register chosen and, per concept, the term used and the variants that must not
 * appear; `keys` narrows a rule to the texts whose key matches (a loss's text may not say
 * "Gewinn", though a profit's may). The mock's reply messages are held to the same files in
 * mock-server/src/i18n/glossary.test.ts.
 *
 * Patterns are regular expressions, case-insensitive unless listed under `forbidCased`; `\b`
 * is a boundary between letters and non-letters in any script, so "du" is caught and "Dubai"
 * or "dü" are not.
 */
interface Rule {
  concept: string;
  use: string;
  keys?: string;
  forbid: string[];
  forbidCased?: string[];
}
interface Glossary {
  register: { choice: string; forbid: string[]; forbidCased?: string[] };
  terms: Rule[];
}

type Tree = { [key: string]: string | Tree };

const flatten = (tree: Tree, prefix = ''): Map<string, string> => {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [inner, text] of flatten(value, path)) entries.set(inner, text);
  }
  return entries;
};

const WORD = '[\\p{L}\\p{N}_]';
const BOUNDARY = `(?:(?<!${WORD})(?=${WORD})|(?<=${WORD})(?!${WORD}))`;
const compile = (source: string, cased: boolean) =>
  new RegExp(source.replaceAll('\\b', BOUNDARY), cased ? 'u' : 'iu');

/** Text a translator writes: placeholders and markup tags are code, not words. */
const words = (text: string) => text.replace(/\{\{[^}]*\}\}|<\/?\w+>/g, ' ');

const loadGlossary = (language: Language): Glossary =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, 'glossary', `${language}.json`), 'utf8'),
  ) as Glossary;

/** Every text that breaks the register or uses a forbidden variant, as `key: "match" (rule)`. */
function violations(glossary: Glossary, texts: ReadonlyMap<string, string>): string[] {
  const rules = [
    { concept: `register (${glossary.register.choice})`, use: '', ...glossary.register },
    ...glossary.terms,
  ].map((rule) => ({
    name: rule.use ? `${rule.concept}: use "${rule.use}"` : rule.concept,
    keys: 'keys' in rule && rule.keys ? new RegExp(rule.keys, 'i') : null,
    patterns: [
      ...rule.forbid.map((source) => compile(source, false)),
      ...(rule.forbidCased ?? []).map((source) => compile(source, true)),
    ],
  }));
  const found: string[] = [];
  for (const [key, text] of texts) {
    const plain = words(text);
    for (const rule of rules) {
      if (rule.keys && !rule.keys.test(key)) continue;
      for (const pattern of rule.patterns) {
        const match = pattern.exec(plain);
        if (match) found.push(`${key}: "${match[0].trim()}" (${rule.name})`);
      }
    }
  }
  return found;
}

describe.each(LANGUAGES)('the %s glossary', (language) => {
  const glossary = loadGlossary(language);

  it('names a term for every concept', () => {
    const concepts = new Set(glossary.terms.map((rule) => rule.concept));
    expect([...CONCEPTS].filter((concept) => !concepts.has(concept))).toEqual([]);
    for (const rule of glossary.terms) expect(rule.use.trim(), rule.concept).not.toBe('');
  });

  it('is kept by every text of the app', () => {
    const texts = flatten(
      JSON.parse(
        readFileSync(join(import.meta.dirname, 'locales', `${language}.json`), 'utf8'),
      ) as Tree,
    );
    expect(violations(glossary, texts)).toEqual([]);
  });
});

const CONCEPTS = [
  'real account',
  'demo account',
  'fund account',
  'contract account',
  'options account',
  'deposit',
  'withdrawal',
  'transfer',
  'margin',
  'leverage',
  'liquidation',
  'take profit',
  'stop loss',
  'position',
  'order',
  'available',
  'frozen',
  'profit',
  'loss',
  'PnL',
  'fee',
] as const;

describe('the checks', () => {
  const check = (language: Language, texts: Record<string, string>) =>
    violations(loadGlossary(language), new Map(Object.entries(texts)));

  it('catch German du forms, and not words that only start like them', () => {
    expect(check('de', { a: 'Gib dein Passwort ein' })).toHaveLength(2);
    expect(check('de', { a: 'Registriere dich jetzt' })).toHaveLength(2);
    expect(check('de', { a: 'Du erhältst eine E-Mail' })).toHaveLength(2);
    expect(
      check('de', {
        a: 'Geben Sie Ihr Passwort ein',
        b: 'Handel in Dubai und Düsseldorf',
        c: 'Durchschnittlicher Ausführungspreis',
        d: 'Die Dirham-Kurse sind erforderlich',
      }),
    ).toEqual([]);
  });

  it('catch a loss or a PnL that German calls only a profit', () => {
    expect(check('de', { 'x.estimatedPnl': 'Geschätzter Gewinn' })).toHaveLength(1);
    expect(check('de', { 'x.estimatedPnl': 'Geschätzter Gewinn/Verlust' })).toEqual([]);
    expect(check('de', { 'x.stopLoss': 'Gewinn sichern' })).toHaveLength(1);
    expect(check('de', { 'x.takeProfit': 'Gewinnmitnahme' })).toEqual([]);
  });

  it('catch the other German name of the real account and the other margin', () => {
    expect(check('de', { a: 'Echtes Konto' })).toHaveLength(1);
    expect(check('de', { a: 'Handel auf dem echten Konto' })).toHaveLength(1);
    expect(check('de', { a: 'Sicherheitsleistung' })).toHaveLength(1);
    expect(check('de', { a: 'Limitorder' })).toHaveLength(1);
    expect(check('de', { a: 'Dieses Feld ist erforderlich' })).toEqual([]);
  });

  it('catch Spanish usted forms and leave tú and third persons alone', () => {
    expect(check('es', { a: 'Introduzca su contraseña' })).toHaveLength(2);
    expect(check('es', { a: 'Podrá vincular una billetera' })).toHaveLength(1);
    expect(
      check('es', {
        a: 'Introduce tu contraseña',
        b: 'Prueba con su nombre en inglés',
        c: 'Ordenados por su variación',
      }),
    ).toEqual([]);
  });

  it('ignore placeholders and markup', () => {
    expect(check('de', { a: 'Sie {{du}} <dir>Text</dir>' })).toEqual([]);
  });
});
