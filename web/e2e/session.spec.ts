import type { Page } from '@playwright/test';
import {
  control,
  expect,
  expectLanded,
  loginFields,
  maskedEmail,
  openApp,
  openPersonalCentre,
  scenarioUser,
  signIn,
  stored,
  test,
  text,
} from './support.ts';

const TRADER = scenarioUser('verified-trader');

/**
 * Counts the app's own moves to the login page (React Router's pushState and replaceState) and
 * the login page loads, from before the first script of every document.
 */
async function countLoginArrivals(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const key = 'e2e.loginArrivals';
    const count = () => {
      sessionStorage.setItem(key, String(Number(sessionStorage.getItem(key) ?? '0') + 1));
    };
    if (location.pathname === '/pages/login/login') count();
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (data: unknown, unused: string, url?: string | URL | null) => {
        if (url !== undefined && url !== null) {
          const target = new URL(url, location.href);
          // A move from another page; the router may write the same login entry again.
          if (target.pathname === '/pages/login/login' && location.pathname !== target.pathname)
            count();
        }
        original(data, unused, url);
      };
    }
  });
  return () => page.evaluate(() => Number(sessionStorage.getItem('e2e.loginArrivals') ?? '0'));
}

/** Asserts that nothing of the session is left in local storage. */
async function expectSessionCleared(page: Page, token: unknown) {
  expect(token).toEqual(expect.any(String));
  expect(await stored(page, 'token')).toBeNull();
  expect(await stored(page, 'is_login')).toBe(false);
  expect(await stored(page, 'user_info')).toBeNull();
  const everything = await page.evaluate(() =>
    Object.keys(localStorage)
      .map((key) => `${key}=${localStorage.getItem(key) ?? ''}`)
      .join('\n'),
  );
  expect(everything).not.toContain(token);
}

test.describe('an expired session', () => {
  test.beforeEach(async ({ page }) => {
    await control.reset('verified-trader');
    await signIn(page, TRADER);
    await openPersonalCentre(page, TRADER.email);
  });

  test('reloading the personal centre after the session expired goes back to login, once', async ({
    page,
  }) => {
    const token = await stored(page, 'token');
    const arrivals = await countLoginArrivals(page);
    const entries = await page.evaluate(() => history.length);
    expect(await control.expireSessions(TRADER.email)).toMatchObject({ ended: 1 });

    const refused = page.waitForResponse('**/api/users/info');
    await page.reload();
    await refused;
    await expect(page).toHaveURL(/\/pages\/login\/login$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('login.title'));
    // The user is told why they are back at the login page.
    await expect(page.getByText(text('login.sessionExpiredNotice'))).toBeVisible();
    await expectSessionCleared(page, token);
    // Every refused call has come back; still one arrival at the login page.
    await page.waitForLoadState('networkidle');
    expect(await arrivals()).toBe(1);
    // The login page replaced the personal centre: Back does not return to a dead page.
    expect(await page.evaluate(() => history.length)).toBe(entries);
  });

  test('an action that calls the server after the session expired goes back to login', async ({
    page,
  }) => {
    const token = await stored(page, 'token');
    const arrivals = await countLoginArrivals(page);
    // The counting script runs from the next document on.
    await page.reload();
    await expect(page.getByText(text('user.account.demoSwitch')).first()).toBeVisible();
    const entries = await page.evaluate(() => history.length);
    await control.expireSessions(TRADER.email);

    await page.getByRole('switch', { name: text('user.account.demoSwitch') }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: text('accountSwitch.confirmDemo'), exact: true })
      .click();
    await expect(page).toHaveURL(/\/pages\/login\/login$/);
    await expect(page.getByText(text('login.sessionExpiredNotice'))).toBeVisible();
    await expectSessionCleared(page, token);
    await page.waitForLoadState('networkidle');
    expect(await arrivals()).toBe(1);
    expect(await page.evaluate(() => history.length)).toBe(entries);
  });
});

test.describe('a lost connection', () => {
  test('announcements that could not be fetched show the server-error toast, and their retry works', async ({
    page,
  }) => {
    // Dropped until cleared: Chrome resends a request whose kept-alive connection closes
    // without a byte of reply, on each idle connection it holds, so a one-time drop
    // (`times: 1`) never reaches the app. The connection is lost for good, then comes back.
    await control.fault({ path: '/api/index/noticeList', drop: true });
    await openApp(page, '/pages/announcement/announcement');

    await expect(page.getByText(text('errors.server'))).toBeVisible();
    const failure = page.getByRole('alert').filter({ hasText: text('announcements.errorTitle') });
    await expect(failure).toBeVisible();

    await control.clearFaults();
    await failure.getByRole('button', { name: text('common.retry') }).click();
    await expect(failure).toBeHidden();
    await expect(page.getByRole('list', { name: text('announcements.title') })).toBeVisible();
    await expect(
      page.getByRole('list', { name: text('announcements.title') }).getByRole('link'),
    ).not.toHaveCount(0);
  });
});

test.describe('the page to return to after signing in again', () => {
  const ALICE = scenarioUser('two-friends', 0);
  const BOB = scenarioUser('two-friends', 1);

  /** Signs in on the login page that is open, as whoever is at the device. */
  async function signInHere(page: Page, account: { email: string; password: string }) {
    const form = loginFields(page);
    await form.email.fill(account.email);
    await form.password.fill(account.password);
    await form.agreement.check();
    await form.submit.click();
  }

  /** Alice's session ends while she is in her personal centre; the reload sends her to log in. */
  async function expireInPersonalCentre(page: Page) {
    await openPersonalCentre(page, ALICE.email);
    // The page's own refresh of the user first: ended while it is on its way, it would be the
    // refused call, before the reload, whose fresh page has no notice to show.
    await page.waitForLoadState('networkidle');
    expect(await control.expireSessions(ALICE.email)).toMatchObject({ ended: 1 });
    const refused = page.waitForResponse('**/api/users/info');
    await page.reload();
    await refused;
    await expect(page).toHaveURL(/\/pages\/login\/login$/);
    await expect(page.getByText(text('login.sessionExpiredNotice'))).toBeVisible();
  }

  test('belongs to the user whose session ended: another user lands on Home, and a log out forgets it', async ({
    page,
  }) => {
    await control.reset('two-friends');
    await signIn(page, ALICE);

    // Alice herself goes back to where she was.
    await expireInPersonalCentre(page);
    await signInHere(page, ALICE);
    await expect(page).toHaveURL(/\/pages\/user\/user$/);
    await expect(page.getByText(maskedEmail(ALICE.email))).toBeVisible();

    // Bob, at the same device, does not land on Alice's page.
    await expireInPersonalCentre(page);
    await signInHere(page, BOB);
    await expectLanded(page);

    // Bob logs out from his personal centre: the next sign-in starts from Home, not there.
    await openPersonalCentre(page, BOB.email);
    await expect(page.getByText(maskedEmail(ALICE.email))).toHaveCount(0);
    await page.getByRole('button', { name: text('user.logout.action') }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: text('user.logout.confirm'), exact: true })
      .click();
    await expect(page).toHaveURL(/\/pages\/login\/login$/);
    await signInHere(page, ALICE);
    await expectLanded(page);
  });
});
