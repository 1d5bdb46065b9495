import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@bourse/protocol/config';
import { browserLanguage, HTML_LANG } from './languages.ts';
import { savedLanguage } from './model.ts';

describe("the browser's language", () => {
  it.each([
    [['de-DE', 'en-US'], 'de'],
    [['pt-BR'], 'pt'],
    [['pt-PT'], 'pt'],
    [['zh-TW'], 'zh'],
    [['zh-HK'], 'zh'],
    [['zh-Hant-TW'], 'zh'],
    [['zh'], 'zh'],
    [['ja-JP'], 'jp'],
    [['ja'], 'jp'],
    [['FR_ca'], 'fr'],
    [['ko-KR', 'it-IT', 'en'], 'it'],
  ])('%j is %s', (tags, expected) => {
    expect(browserLanguage(tags)).toBe(expected);
  });

  it('is none when the app has none of them', () => {
    expect(browserLanguage(['ko-KR', 'ru'])).toBeNull();
    expect(browserLanguage([])).toBeNull();
  });
});

describe('the language to start in', () => {
  const kept = (value: string | null) => () => ({ getItem: () => value });

  it('is the one kept on this device', () => {
    expect(savedLanguage(kept('"fr"'), () => ['de-DE'])).toBe('fr');
  });

  it("on a first start, is the browser's when the app has it", () => {
    expect(savedLanguage(kept(null), () => ['ja-JP', 'en'])).toBe('jp');
  });

  it('on a first start, is English when the app has none of the browser’s', () => {
    expect(savedLanguage(kept(null), () => ['ko-KR'])).toBe('en');
  });

  it("when storage cannot be read, is still the browser's", () => {
    const throwing = () => {
      throw new Error('denied');
    };
    expect(savedLanguage(throwing, () => ['es-MX'])).toBe('es');
  });

  it('ignores something kept that is not a language', () => {
    expect(savedLanguage(kept('"klingon"'), () => ['it'])).toBe('it');
  });
});

describe('the tag written in <html lang>', () => {
  it('is a canonical BCP 47 tag that reads back as the same app language', () => {
    for (const language of LANGUAGES) {
      const tag = HTML_LANG[language];
      expect(Intl.getCanonicalLocales(tag)).toEqual([tag]);
      expect(browserLanguage([tag])).toBe(language);
    }
    // The app's own codes are not tags: Japanese is ja, its Chinese the traditional script.
    expect(HTML_LANG.jp).toBe('ja');
    expect(HTML_LANG.zh).toBe('zh-Hant');
  });
});
