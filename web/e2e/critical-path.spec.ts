import {
  control,
  expect,
  keepOnDevice,
  loginFields,
  openApp,
  scenarioUser,
  signInByApi,
  test,
  text,
} from './support.ts';

// What the first screen fetches, and that its error path needs nothing it has not already got.

test.describe('the first screen', () => {
  test('gets its code, texts and config with the document, and no animation library', async ({
    page,
  }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await openApp(page, '/');

    // index.html names the login page's code and its English texts (the shell's and the login
    // page's own, nothing else, in one file) itself, so the browser fetches them with the entry
    // instead of after it has run.
    const preloads = await page
      .locator('link[rel="modulepreload"], link[rel="preload"]')
      .evaluateAll((links) =>
        links.map((link) => new URL((link as HTMLLinkElement).href).pathname),
      );
    expect(preloads).toContain('/config.json');
    expect(preloads.some((path) => /^\/assets\/login-[\w-]+\.js$/.test(path))).toBe(true);
    const texts = preloads.filter((path) => /^\/assets\/texts-[\w-]+\//.test(path));
    expect(texts.map((path) => path.replace(/^.*\//, ''))).toEqual(['en-@login.js']);

    await page.waitForLoadState('networkidle');
    // The preloaded texts are the ones the app reads: no group is fetched again on its own.
    expect(requested.filter((path) => /^\/assets\/texts-[\w-]+\//.test(path))).toEqual(texts);
    // The preloaded config is the one the app reads: fetched once.
    expect(requested.filter((path) => path === '/config.json')).toHaveLength(1);
    // The e-mail login makes no call and opens no sheet: react-spring (the `motion` chunk,
    // web/build/chunks.ts) stays on the server.
    expect(requested.filter((path) => path.startsWith('/api/'))).toEqual([]);
    expect(requested.filter((path) => /\/(motion|react-spring)[\w.-]*\.js$/.test(path))).toEqual(
      [],
    );
  });

  test("a signed-in user's market gets its own code, the API client and the kept language with the document, and not the login page's", async ({
    page,
  }) => {
    await control.reset('verified-trader');
    await signInByApi(page, scenarioUser('verified-trader'));
    await keepOnDevice(page, { language: 'de' });
    await openApp(page, '/pages/quotes/quotes');
    const preloads = await page
      .locator('link[rel="modulepreload"]')
      .evaluateAll((links) =>
        links.map((link) => new URL((link as HTMLLinkElement).href).pathname),
      );
    const named = (chunk: string) =>
      preloads.some((path) => new RegExp(`^/assets/${chunk}-[\\w-]+\\.js$`).test(path));
    const texts = (language: string) =>
      preloads.filter((path) => new RegExp(`^/assets/texts-[\\w-]+/${language}-`).test(path));
    expect(named('quotes')).toBe(true);
    expect(named('client')).toBe(true);
    // the shell's and the market's texts in German, one file; English is filled in at build
    // time, so a German visit fetches no English texts at all
    expect(texts('de').map((path) => path.replace(/^.*\//, ''))).toEqual(['de-@quotes.js']);
    expect(texts('en')).toEqual([]);
    expect(named('login')).toBe(false);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('market.title', 'de'));
  });

  test('tells of a server error with the network gone, before the API client ever loaded', async ({
    page,
    context,
  }) => {
    // The API client's code never arrives (as if the phone lost the network before idle).
    await page.route(/\/assets\/client-code-[\w-]+\.js$/, (route) => route.abort());
    await openApp(page, '/');
    await context.setOffline(true);

    const form = loginFields(page);
    await form.email.fill('verified.trader@example.com');
    await form.password.fill('Verified2026');
    await form.agreement.check();
    await form.submit.click();

    await expect(page.getByRole('status').filter({ hasText: text('errors.server') })).toBeVisible();
    await context.setOffline(false);
  });
});
