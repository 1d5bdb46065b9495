import { LANGUAGES, type Language } from '@bourse/protocol';
import { describe, expect, it } from 'vitest';
import { message, MESSAGE_KEYS, MESSAGES, type MessageKey } from './messages.ts';

/**
 * Translations that may equal the English on purpose: `field_invalid` is only its structure
 * (the field and the reason pass through untranslated).
 */
const SAME_AS_ENGLISH: Partial<Record<MessageKey, readonly Language[]>> = {
  field_invalid: ['es', 'pt', 'de', 'it'],
};

const placeholders = (text: string): string[] =>
  [...text.matchAll(/\{(\w+)\}/g)].map(([, name = '']) => name).sort();

describe('the message catalogue', () => {
  it('holds exactly the declared keys', () => {
    expect(Object.keys(MESSAGES).sort()).toEqual([...MESSAGE_KEYS].sort());
  });

  it.each(MESSAGE_KEYS)('%s is written in all eight languages', (key) => {
    const texts = MESSAGES[key];
    expect(Object.keys(texts).sort()).toEqual([...LANGUAGES].sort());
    for (const lang of LANGUAGES) {
      expect(texts[lang].trim(), `${key}.${lang}`).not.toBe('');
      expect(texts[lang], `${key}.${lang}`).toBe(texts[lang].trim());
    }
  });

  it.each(MESSAGE_KEYS)('%s is translated, not copied from English', (key) => {
    const allowed = SAME_AS_ENGLISH[key] ?? [];
    for (const lang of LANGUAGES) {
      if (lang === 'en' || allowed.includes(lang)) continue;
      expect(MESSAGES[key][lang], `${key}.${lang}`).not.toBe(MESSAGES[key].en);
    }
  });

  it.each(MESSAGE_KEYS)('%s keeps the English placeholders in every language', (key) => {
    const expected = placeholders(MESSAGES[key].en);
    for (const lang of LANGUAGES) {
      expect(placeholders(MESSAGES[key][lang]), `${key}.${lang}`).toEqual(expected);
    }
  });

  it('names the unit of a margin limit in every language: a bare figure could be the coin', () => {
    for (const language of LANGUAGES) {
      expect(message('margin_reduce_exceeds', language, { max: '0.2803' })).toMatch(
        /0[.,]2803 USDT/,
      );
    }
  });

  it('writes Japanese under jp and Traditional Chinese under zh', () => {
    expect(MESSAGES.unauthorized.jp).toMatch(/[\u3040-\u30ff]/); // kana
    expect(MESSAGES.unauthorized.zh).toBe('請重新登入');
  });
});

describe('message()', () => {
  it('answers in the language asked for', () => {
    expect(message('internal_error', 'en')).toBe('Server error, please try again later');
    expect(message('internal_error', 'zh')).toBe('伺服器錯誤，請稍後再試');
  });

  it("writes an amount in the reader's number style, and leaves codes and counts alone", () => {
    expect(message('margin_reduce_exceeds', 'de', { max: '1350.2803' })).toBe(
      'Sie können höchstens 1.350,2803 USDT Marge entnehmen',
    );
    expect(message('margin_reduce_exceeds', 'en', { max: '1350.2803' })).toContain(
      '1,350.2803 USDT',
    );
    expect(message('margin_reduce_exceeds', 'fr', { max: '1350.5' })).toContain(
      '1\u202f350,5 USDT',
    );
    expect(message('margin_reduce_exceeds', 'es', { max: '1350.5' })).toContain('1350,5 USDT');
    expect(message('margin_reduce_exceeds', 'jp', { max: '-0.25' })).toContain('-0.25 USDT');
    expect(message('email_code_body', 'en', { purpose: '', code: '123456' })).toContain('123456');
  });

  it('fills placeholders, numbers included', () => {
    expect(message('code_too_soon', 'en', { seconds: 42 })).toBe(
      'Please wait 42 s before requesting another code',
    );
    expect(message('email_code_body', 'de', { purpose: 'Achtung.', code: '123456' })).toBe(
      'Achtung.\n\nIhr Code lautet 123456. Er läuft in 10 Minuten ab.',
    );
    expect(message('field_invalid', 'fr', { field: 'email', reason: 'is required' })).toBe(
      'email : is required',
    );
  });

  it('leaves a placeholder without a value as written, and ignores extra values', () => {
    const loose: Record<string, string | number> = { other: 'x' };
    const key = 'code_too_soon' as MessageKey;
    expect(message(key, 'en', loose)).toBe(
      'Please wait {seconds} s before requesting another code',
    );
  });

  it('does not reveal whether an account exists when a login fails', () => {
    expect(MESSAGES.login_failed.en).toBe('Incorrect account or password');
  });
});
