import AxeBuilder from '@axe-core/playwright';
import { SCENARIOS, type ScenarioName, type ScenarioUser } from '@bourse/fixtures';
import { ControlClient } from '@bourse/mock-server/control-client';
import { CODES, endpoints, envelopeSchema, HEADERS, TIME_FIELD } from '@bourse/protocol';
import { createNodeCodec } from '@bourse/protocol/codec/node';
import { LANGUAGE_COOKIE, VIEWER_COOKIE } from '@bourse/protocol/web-pages';
import { test as base, expect, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mockPortBase } from '../playwright.config.ts';
import { MockProcess } from './mock-process.ts';

/**
 * Each Playwright worker is a process of its own with a mock of its own, so tests running at once
 * never see each other's users, clock, faults or rate limits. Playwright numbers the workers
 * running at once from 0 (TEST_PARALLEL_INDEX, set before any test file loads); one that
 * replaces a failed worker takes its number, and so its port, once the old one has stopped.
 */
const mockPort = mockPortBase + Number(process.env['TEST_PARALLEL_INDEX'] ?? 0);

/** This worker's mock, which serves the built app too. */
export const baseURL = `http://127.0.0.1:${String(mockPort)}`;

/** This worker's mock's control API, for setting the stage and reading e-mail. */
export const control = new ControlClient(baseURL);

export const test = base.extend<{ fresh: undefined }, { mock: MockProcess }>({
  mock: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from it
    async ({}, use) => {
      const mock = new MockProcess({ port: mockPort, dataDir: '', scenario: 'empty' });
      await mock.start();
      await use(mock);
      await mock.stop();
    },
    // Auto: worker fixtures are set up before a test's, so it answers before `fresh` resets it.
    { scope: 'worker', auto: true, timeout: 90_000 },
  ],
  baseURL: async ({ mock }, use) => {
    await use(mock.origin);
  },
  fresh: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from it
    async ({}, use) => {
      await control.reset('empty');
      await use(undefined);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Waits until the app has rendered a screen (the first chunk and the language file are in) and
 * taken it over: a prerendered screen is drawn before, inert until the app has hydrated it.
 */
export async function openApp(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await expect(page.locator('main').first()).toBeVisible();
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
}

/** A user of a scenario: its first unless told. */
export function scenarioUser(name: ScenarioName, index = 0): ScenarioUser {
  const user = SCENARIOS[name].users[index];
  if (!user) throw new Error(`scenario ${name} has no user ${index}`);
  return user;
}

/** The app's languages, as its Settings offer them. */
export const LANGUAGES = ['en', 'zh', 'es', 'pt', 'de', 'fr', 'jp', 'it'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language named in itself: the app's own list, which its pickers show. */
export { HTML_LANG, LANGUAGE_NAMES } from '../src/shared/i18n/languages.ts';

type Messages = { readonly [key: string]: string | Messages };

const locales = new Map<Language, Messages>();

/** The app's own translation file of a language (web/src/shared/i18n/locales). */
export function messagesOf(language: Language): Messages {
  let messages = locales.get(language);
  if (!messages) {
    const file = new URL(`../src/shared/i18n/locales/${language}.json`, import.meta.url);
    messages = JSON.parse(readFileSync(file, 'utf8')) as Messages;
    locales.set(language, messages);
  }
  return messages;
}

/** The text of a translation key (`setup.title`) in a language, placeholders left as they are. */
export function text(key: string, language: Language = 'en'): string {
  let node: string | Messages | undefined = messagesOf(language);
  for (const part of key.split('.')) {
    node = typeof node === 'object' ? node[part] : undefined;
  }
  if (typeof node !== 'string') throw new Error(`${language}.json has no text at ${key}`);
  return node;
}

/** Every key of a translation file, dotted (`setup.title`): what must never show raw. */
export function keysOf(language: Language = 'en'): string[] {
  const walk = (node: Messages, prefix: string): string[] =>
    Object.entries(node).flatMap(([key, value]) =>
      typeof value === 'string' ? [`${prefix}${key}`] : walk(value, `${prefix}${key}.`),
    );
  return walk(messagesOf(language), '');
}

/** The e-mail as the personal centre shows it: `ve***@example.com`. */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  return `${local.slice(0, local.length > 3 ? 2 : 1)}***${email.slice(at)}`;
}

/** The login form's e-mail and password fields (each tied to its `<label htmlFor>`). */
export function loginFields(page: Page) {
  return {
    email: page.locator('#login-email'),
    password: page.locator('#login-password'),
    agreement: page.getByRole('checkbox', { name: /User Agreement/ }),
    remember: page.getByRole('checkbox', { name: text('login.remember') }),
    submit: page.getByRole('button', { name: text('login.submit'), exact: true }),
  };
}

/** Signs in through the login page (English) and waits for the home screen, where it lands. */
export async function signIn(
  page: Page,
  account: { email: string; password: string },
  origin = '',
): Promise<void> {
  await openApp(page, `${origin}/pages/login/login`);
  const form = loginFields(page);
  await form.email.fill(account.email);
  await form.password.fill(account.password);
  await form.agreement.check();
  await form.submit.click();
  await expectLanded(page);
}

/**
 * Fills the registration form, with the code the mock e-mailed, and submits it. `path` may be an
 * invitation link (the register page with a code in its query).
 */
export async function register(
  page: Page,
  account: { email: string; password: string },
  path = '/pages/register/register',
): Promise<void> {
  await openApp(page, path);
  await page.locator('#register-email').fill(account.email);
  await page.getByRole('button', { name: text('emailCode.send') }).click();
  await expect(page.getByRole('status').filter({ hasText: account.email })).toBeVisible();
  const code = await control.latestCode(account.email);
  await page.locator('#register-code').fill(code);
  await page.locator('#register-password').fill(account.password);
  await page.locator('#register-confirm').fill(account.password);
  await page.getByRole('button', { name: text('register.submit'), exact: true }).click();
}

/** The home screen, where signing in lands (LANDING_PATH). */
export async function expectLanded(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/pages\/home\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('home.title'));
}

/** Opens the personal centre and waits for the signed-in user's e-mail on it. */
export async function openPersonalCentre(page: Page, email: string): Promise<void> {
  await openApp(page, '/pages/user/user');
  await expect(page.getByText(maskedEmail(email))).toBeVisible();
}

/**
 * A device that already has a language and (or) a theme chosen: every page of `page` starts with
 * them kept where the app keeps them, before its first script runs.
 */
export async function keepOnDevice(
  page: Page,
  choices: { readonly language?: Language; readonly theme?: 'day' | 'night' },
): Promise<void> {
  const entries = [
    ...(choices.language === undefined ? [] : [['bourse.app_language', choices.language]]),
    ...(choices.theme === undefined ? [] : [['bourse.theme', choices.theme]]),
  ];
  await page.addInitScript((kept: string[][]) => {
    for (const [key = '', value] of kept) localStorage.setItem(key, JSON.stringify(value));
  }, entries);
  // and the cookie the app keeps beside the language, by which the server sends its pages in it
  if (choices.language !== undefined)
    await page
      .context()
      .addCookies([{ name: LANGUAGE_COOKIE, value: choices.language, url: baseURL }]);
}

/** What the app keeps in local storage under a SPEC key (`token`, `is_login`), parsed. */
export async function stored(page: Page, key: string): Promise<unknown> {
  const raw = await page.evaluate((name) => localStorage.getItem(`bourse.${name}`), key);
  return raw === null ? null : (JSON.parse(raw) as unknown);
}

/**
 * Signs in by calling the login API as the app does (signed headers, encrypted reply), then
 * keeps the session in local storage under the app's own keys before its first script runs, once
 * per tab (a later reload or logout is the app's own business). For flows where signing in is
 * not what is tested; `signIn` goes through the login page.
 */
export async function signInByApi(
  page: Page,
  account: { email: string; password: string },
  origin = baseURL,
): Promise<void> {
  const codec = createNodeCodec();
  const uuid = randomUUID();
  const time = Date.now();
  const response = await fetch(`${origin}${endpoints.auth.login.path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [HEADERS.language]: 'en',
      [HEADERS.uuid]: uuid,
      [HEADERS.token]: codec.signToken(null, time, uuid),
    },
    body: JSON.stringify({
      account: account.email,
      area_code: '',
      password: account.password,
      [TIME_FIELD]: time,
    }),
  });
  const envelope = envelopeSchema.parse(await response.json());
  if (envelope.code !== CODES.ok) throw new Error(`login refused: ${envelope.msg}`);
  const data: unknown =
    typeof envelope.data === 'string' ? JSON.parse(codec.decrypt(envelope.data)) : envelope.data;
  const { token, user } = endpoints.auth.login.response.parse(data);
  const entries: Record<string, string> = {
    'bourse.uuid': JSON.stringify(uuid),
    'bourse.token': JSON.stringify(token),
    'bourse.is_login': JSON.stringify(true),
    'bourse.user_info': JSON.stringify(user),
  };
  await page.addInitScript(
    ({ values, appOrigin }) => {
      if (location.origin !== appOrigin) return;
      if (sessionStorage.getItem('e2e.session-seeded') !== null) return;
      sessionStorage.setItem('e2e.session-seeded', '1');
      for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
    },
    { values: entries, appOrigin: new URL(origin).origin },
  );
  // and the flag cookie the app keeps beside the login flag, by which pages come as a user's
  await page.context().addCookies([{ name: VIEWER_COOKIE, value: '1', url: origin }]);
}

/**
 * The serious or critical axe violations on the screen, or inside `within` (a selector, such as
 * an open sheet's `[role="dialog"]`), each as `rule: target` and axe's message for it.
 */
export async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  if (within !== undefined) builder.include(within);
  const axe = await builder.options({ resultTypes: ['violations'] }).analyze();
  return axe.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map((node) =>
        `${violation.id}: ${node.target.join(' ')} ${node.any[0]?.message ?? ''}`.trim(),
      ),
    );
}
