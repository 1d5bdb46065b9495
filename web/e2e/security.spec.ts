import { control, expect, scenarioUser, signIn, test } from './support.ts';

const TRADER = scenarioUser('verified-trader');

test.describe('the content security policy', () => {
  test('lets the app sign in, reach home and open its live feed, with no violation', async ({
    page,
  }) => {
    await control.reset('verified-trader');
    // Violations are reported to the test as they happen, so a navigation cannot lose one.
    const violations: string[] = [];
    await page.exposeBinding('reportCspViolation', (_source, line: string) => {
      violations.push(line);
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const report = (window as unknown as { reportCspViolation: (line: string) => void })
          .reportCspViolation;
        report(`${event.effectiveDirective} blocked ${event.blockedURI} at ${event.sourceFile}`);
      });
    });
    page.on('console', (message) => {
      if (/content security policy/i.test(message.text())) violations.push(message.text());
    });
    const served = page.waitForResponse((response) =>
      response.url().endsWith('/pages/login/login'),
    );
    const feed = page.waitForEvent('websocket');

    await signIn(page, TRADER);

    // The policy is really there, so a clean run means the app keeps to it.
    expect((await served).headers()['content-security-policy']).toContain("script-src 'self'");
    // A socket the policy refused would never send its bind.
    const socket = await feed;
    await socket.waitForEvent('framesent');
    expect(socket.isClosed()).toBe(false);
    expect(violations).toEqual([]);
  });
});
