import { readFileSync } from 'node:fs';
import { test, control, signInByApi, scenarioUser } from './support.ts';

test.use({ viewport: { width: 360, height: 780 }, deviceScaleFactor: 1 });
test('axe cost', async ({ page }) => {
  test.setTimeout(600_000);
  const source = readFileSync('../node_modules/axe-core/axe.min.js', 'utf8');
  await control.reset('verified-trader');
  await signInByApi(page, scenarioUser('verified-trader'));
  for (const url of ['/pages/quotes/quotes', '/pages/setup/setup']) {
    await page.goto(url);
    await page.waitForTimeout(3000);
    let t = Date.now();
    await page.evaluate(source);
    console.log(url, 'inject', Date.now() - t);
    t = Date.now();
    await page.evaluate(source);
    console.log(url, 'inject again', Date.now() - t);
    for (const options of [
      {},
      { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } },
      { runOnly: { type: 'rule', values: ['color-contrast'] } },
      { rules: { 'color-contrast': { enabled: false } } },
    ]) {
      t = Date.now();
      const n = await page.evaluate(async (o) => {
        // @ts-expect-error scratch
        const r = await window.axe.run(document, { ...o, resultTypes: ['violations'] });
        return r.violations.length + ' ' + r.passes.length;
      }, options);
      console.log(url, JSON.stringify(options).slice(0, 60), Date.now() - t, n);
    }
    const perf = await page.evaluate(async () => {
      // @ts-expect-error scratch
      const r = await window.axe.run(document, { resultTypes: ['violations'], performanceTimer: false });
      return r.testEngine;
    });
    console.log(JSON.stringify(perf));
  }
});
