import { LANGUAGES, type Language } from '@bourse/protocol';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MESSAGE_KEYS, MESSAGES } from './messages.ts';

/**
 * The reply messages keep the web's glossary (web/src/shared/i18n/glossary/<lang>.json, issue
 * 21): the same register and the same term per concept as the screens they appear on. The
 * checks are those of web/src/shared/i18n/glossary.test.ts: patterns case-insensitive unless
 * under `forbidCased`, `\b` a boundary between letters and non-letters in any script, `keys`
 * narrowing a rule to the messages whose key matches.
 */
interface Rule {
  concept: string;
  use?: string;
  keys?: string;
  forbid: string[];
  forbidCased?: string[];
}
interface Glossary {
  register: Rule & { choice: string };
  terms: Rule[];
}

const GLOSSARIES = join(
  import.meta.dirname,
  '..',
  '..',
  '..',
  'web',
  'src',
  'shared',
  'i18n',
  'glossary',
);

const WORD = '[\\p{L}\\p{N}_]';
const BOUNDARY = `(?:(?<!${WORD})(?=${WORD})|(?<=${WORD})(?!${WORD}))`;
const compile = (source: string, cased: boolean) =>
  new RegExp(source.replaceAll('\\b', BOUNDARY), cased ? 'u' : 'iu');

describe.each(LANGUAGES)('the %s messages', (language: Language) => {
  it('keep the register and the terms of the web glossary', () => {
    const glossary = JSON.parse(
      readFileSync(join(GLOSSARIES, `${language}.json`), 'utf8'),
    ) as Glossary;
    const rules = [{ ...glossary.register, concept: 'register' }, ...glossary.terms];
    const found: string[] = [];
    for (const key of MESSAGE_KEYS) {
      const text = MESSAGES[key][language].replace(/\{\w+\}/g, ' ');
      for (const rule of rules) {
        if (rule.keys && !new RegExp(rule.keys, 'i').test(key)) continue;
        const patterns = [
          ...rule.forbid.map((source) => compile(source, false)),
          ...(rule.forbidCased ?? []).map((source) => compile(source, true)),
        ];
        for (const pattern of patterns) {
          const match = pattern.exec(text);
          if (match) found.push(`${key}: "${match[0].trim()}" (${rule.concept})`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});
