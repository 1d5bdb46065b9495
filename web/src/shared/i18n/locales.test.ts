import { LANGUAGES, type Language } from '@bourse/protocol';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every string of the app in every language: a key missing from a language, left empty, left
 * in English, or losing a placeholder fails here.
 */
type Tree = { [key: string]: string | Tree };

const load = (language: Language): Tree =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, 'locales', `${language}.json`), 'utf8'),
  ) as Tree;

const flatten = (tree: Tree, prefix = ''): Map<string, string> => {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [inner, text] of flatten(value, path)) entries.set(inner, text);
  }
  return entries;
};

/**
 * Keys whose text is rightly the same as English in some language: brand and product names,
 * codes, and words those languages borrow. Each entry names the languages it holds for.
 */
const EVERY_OTHER: readonly Language[] = LANGUAGES.filter((language) => language !== 'en');
const SAME_AS_ENGLISH: Readonly<Record<string, readonly Language[]>> = {
  // brands
  'consult.channel.telegram': EVERY_OTHER,
  'consult.channel.whatsapp': EVERY_OTHER,
  // an identifier exchanges show as it is
  'user.userId': EVERY_OTHER,
  // words these languages use as English does
  'consult.online': ['de', 'pt', 'it'],
  'consult.offline': ['de', 'pt', 'it'],
  'nav.options': ['fr'],
  'login.byEmail': ['fr', 'pt'],
  'consult.channel.email': ['fr', 'pt'],
  'nav.home': ['it'],
  'setup.account': ['it'],
  'authForm.password': ['it'],
  'home.title': ['it'],
  'market.columns.name': ['de'],
  'market.categories.forex': ['pt', 'it'],
  'chart.volume': ['fr', 'pt', 'it'],
  'kline.title': ['de'],
  'ipo.title': ['jp', 'es', 'pt', 'it'],
  'home.ipo.title': ['jp', 'es', 'pt', 'it'],
  // the chart draws its moving averages as MA5, MA10, MA30 in every language
  'chart.ma': EVERY_OTHER,
  // "d" is the day's abbreviation in Spanish (días) and Portuguese (dias) too
  'ipoDetail.countdownValue': ['es', 'pt'],
  // trading words these languages borrow (issue 12, the contract history)
  'contractLog.symbol': ['de'],
  'contractLog.status.label': ['de'],
  'contractLog.types.limit': ['de'],
  'contractLog.tabs.positions': ['fr'],
  'contractLog.type': ['fr'],
  'contractDetail.type': ['fr'],
  'contractDetail.source.liquidation': ['de', 'fr'],
  'funds.flow.liquidation': ['de', 'fr'],
  'contractDetail.direction.long': ['de', 'fr', 'it'],
  'contractDetail.direction.short': ['de', 'fr', 'it'],
  'contractDetail.stopLoss': ['es', 'fr', 'it', 'pt'],
  'contractDetail.source.stopLoss': ['es', 'fr', 'it', 'pt'],
  'contractDetail.takeProfit': ['it', 'pt'],
  'contract.form.stopLoss': ['es', 'fr', 'it', 'pt'],
  'contract.positions.stopLoss': ['es', 'fr', 'it', 'pt'],
  'contract.form.takeProfit': ['it', 'pt'],
  'contract.positions.takeProfit': ['it', 'pt'],
  'contractDetail.source.takeProfit': ['it', 'pt'],
  // the options desk (issue 13): words these languages use as English does
  'options.title': ['fr'],
  'options.unit.minute': ['es', 'fr', 'it', 'pt'],
  'options.confirm.symbol': ['de'],
  'options.log.symbol': ['de'],
  'options.log.status': ['de'],
  'options.detail.chart': ['de'],
  // the location pages (issue 14): the words of geography these languages share with English
  'location.latitude': ['fr', 'pt'],
  'location.longitude': ['fr', 'pt'],
  // German traders say long and short
  'contract.direction.long': ['de'],
  'contract.direction.short': ['de'],
  // the fifth tab is SPEC.md's "Symbol", a German word too
  'nav.symbol': ['de'],
  'nav.symbolTab': ['de'],
};

/** Text a translator writes: placeholders are code, not words. */
const words = (text: string) => text.replace(/\{\{[^}]*\}\}/g, '');

const english = flatten(load('en'));
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe.each(LANGUAGES.filter((language) => language !== 'en'))(
  'the %s translation',
  (language) => {
    const translated = flatten(load(language));

    it('has every key of English and no other', () => {
      expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
    });

    it('leaves nothing empty or in English', () => {
      const untranslated = [...english].filter(([key, text]) => {
        const value = translated.get(key) ?? '';
        if (value.trim() === '') return true;
        return (
          value === text &&
          /[A-Za-z]{3}/.test(words(text)) &&
          !SAME_AS_ENGLISH[key]?.includes(language)
        );
      });
      expect(untranslated.map(([key]) => key)).toEqual([]);
    });

    it('keeps every placeholder', () => {
      const broken = [...english].filter(
        ([key, text]) =>
          JSON.stringify(placeholders(text)) !==
          JSON.stringify(placeholders(translated.get(key) ?? '')),
      );
      expect(broken.map(([key]) => key)).toEqual([]);
    });
  },
);

describe('the English file', () => {
  it('has no empty text', () => {
    expect([...english].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([]);
  });
});

describe('the keys the code uses', () => {
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sources(path);
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
    });

  it('all exist in English', () => {
    const root = join(import.meta.dirname, '..', '..');
    const used = new Set<string>();
    for (const file of sources(root)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bt\(\s*['"]([a-zA-Z][\w-]*(?:\.[\w-]+)+)['"]/g))
        used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(10);
    // a plural key is written with its forms: key_one, key_other
    const known = (key: string) => english.has(key) || english.has(`${key}_other`);
    expect([...used].filter((key) => !known(key)).sort()).toEqual([]);
  });
});
