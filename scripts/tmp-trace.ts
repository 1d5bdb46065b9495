import { writeFileSync } from 'node:fs';
import { chromium, devices } from 'playwright';
import { signedInStorage } from './bench/session.ts';

const origin = process.argv[2] ?? '';
const path = process.argv[3] ?? '/pages/quotes/quotes';
const out = process.argv[4] ?? '/tmp/trace.json';
const session = await signedInStorage(origin);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const context = await browser.newContext({ ...devices['Pixel 7'] });
const page = await context.newPage();
await page.goto(`${origin}/config.json`);
await page.evaluate((entries) => {
  for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
}, session);
const cdp = await context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
const events: unknown[] = [];
cdp.on('Tracing.dataCollected', (e: { value: unknown[] }) => events.push(...e.value));
await cdp.send('Tracing.start', {
  categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink.user_timing,loading',
  transferMode: 'ReportEvents',
});
await page.goto(`${origin}${path}`);
await page.waitForTimeout(8000);
const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
await cdp.send('Tracing.end');
await done;
writeFileSync(out, JSON.stringify(events));
await browser.close();
