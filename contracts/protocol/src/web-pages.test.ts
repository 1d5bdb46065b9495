import { describe, expect, it } from 'vitest';
import {
  acceptedLanguages,
  browserLanguage,
  cookieValue,
  LANGUAGE_COOKIE,
  pageLanguage,
  pageViewer,
  prerenderedFile,
  VIEWER_COOKIE,
} from './web-pages.ts';

describe('the prerendered file of a route', () => {
  it('is the route under the language and the viewer, the root included, a trailing slash or not', () => {
    expect(prerenderedFile('de', 'guest', '/pages/login/login')).toBe(
      '_pages/de/guest/pages/login/login/index.html',
    );
    expect(prerenderedFile('de', 'user', '/pages/home/home/')).toBe(
      '_pages/de/user/pages/home/home/index.html',
    );
    expect(prerenderedFile('jp', 'guest', '/')).toBe('_pages/jp/guest/index.html');
  });
});

describe('who the page a request gets is for', () => {
  it("is a user only while the app's flag says this device is signed in", () => {
    expect(pageViewer({ cookie: `a=1; ${VIEWER_COOKIE}=1` })).toBe('user');
    expect(pageViewer({ cookie: `${VIEWER_COOKIE}=0` })).toBe('guest');
    expect(pageViewer({ cookie: `x${VIEWER_COOKIE}=1` })).toBe('guest');
    expect(pageViewer({})).toBe('guest');
  });
});

describe('the language of the page a request gets', () => {
  it('is the one the app keeps in its cookie, among other cookies', () => {
    expect(
      pageLanguage({ cookie: `a=1; ${LANGUAGE_COOKIE}=fr; b=2`, acceptLanguage: 'de-DE,de' }),
    ).toBe('fr');
  });

  it("with no cookie, or one the app does not have, is the browser's first the app has", () => {
    expect(pageLanguage({ acceptLanguage: 'sv-SE,sv;q=0.9,de;q=0.8,en;q=0.5' })).toBe('de');
    expect(pageLanguage({ cookie: `${LANGUAGE_COOKIE}=ko`, acceptLanguage: 'ja-JP' })).toBe('jp');
    expect(pageLanguage({ cookie: `${LANGUAGE_COOKIE}=`, acceptLanguage: 'zh-TW' })).toBe('zh');
  });

  it('is English when neither names one the app has', () => {
    expect(pageLanguage({})).toBe('en');
    expect(pageLanguage({ acceptLanguage: 'ko-KR,ru;q=0.5' })).toBe('en');
    expect(pageLanguage({ acceptLanguage: '*' })).toBe('en');
  });

  it('takes the q-values over the order, and never a language refused with q=0', () => {
    expect(acceptedLanguages('fr;q=0.4, it;q=0.9, de')).toEqual(['de', 'it', 'fr']);
    expect(acceptedLanguages('de;q=0, fr;q=0.1')).toEqual(['fr']);
    expect(pageLanguage({ acceptLanguage: 'de;q=0, fr;q=0.1' })).toBe('fr');
    // equal weights keep the sender's order
    expect(acceptedLanguages('it, de;q=1, fr;q=1.0')).toEqual(['it', 'de', 'fr']);
  });

  it('matches a tag by its primary subtag only, in any case', () => {
    expect(browserLanguage(['PT-br'])).toBe('pt');
    expect(browserLanguage(['english'])).toBeNull();
    expect(browserLanguage(['zh_Hans_CN'])).toBe('zh');
  });
});

describe('a cookie in a Cookie header', () => {
  it('is found by its whole name, not as part of another', () => {
    expect(cookieValue(`x${LANGUAGE_COOKIE}=de; ${LANGUAGE_COOKIE}=it`, LANGUAGE_COOKIE)).toBe(
      'it',
    );
    expect(cookieValue('other=1', LANGUAGE_COOKIE)).toBeNull();
    expect(cookieValue('', LANGUAGE_COOKIE)).toBeNull();
  });
});
