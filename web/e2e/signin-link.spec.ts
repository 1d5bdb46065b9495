import {
  control,
  expect,
  expectLanded,
  openPersonalCentre,
  scenarioUser,
  stored,
  test,
} from './support.ts';

// `npm run qa -- open <scenario>`'s single-use link: the mock's page stores a session where the
// app keeps it and opens the app, once; its one inline script passes the CSP by its hash.
const USER = scenarioUser('fresh-user');

test.beforeEach(async ({ page }) => {
  await control.reset('fresh-user');
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective}`);
    });
  });
});

test('a sign-in link opens the app signed in, once', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('CSP violation')) violations.push(message.text());
  });
  const link = await control.signInLink({ email: USER.email });
  await page.goto(link.path);
  await expectLanded(page);
  expect(await stored(page, 'is_login')).toBe(true);
  expect(await stored(page, 'token')).toEqual(expect.any(String));
  await openPersonalCentre(page, USER.email);
  expect(violations).toEqual([]);

  // a second use (another device, the same link) is refused with a page that says so
  const other = await page.context().browser()?.newPage();
  if (!other) throw new Error('no second page');
  const response = await other.goto(new URL(link.path, page.url()).href);
  expect(response?.status()).toBe(410);
  await expect(other.getByRole('heading', { level: 1 })).toHaveText(
    'This sign-in link cannot be used',
  );
  expect(await stored(other, 'token')).toBeNull();
  await other.close();
});

test('an expired sign-in link is refused', async ({ page }) => {
  const link = await control.signInLink({ email: USER.email, expires_in_ms: 1 });
  // links expire on the wall clock, which the mock on this machine shares with the test: wait
  // until it has passed the expiry the mock answered
  await expect.poll(() => Date.now()).toBeGreaterThan(link.expires_at);
  const response = await page.goto(link.path);
  expect(response?.status()).toBe(410);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'This sign-in link cannot be used',
  );
  expect(await stored(page, 'is_login')).toBeNull();
});
