import type { CDPSession, Locator, Page } from '@playwright/test';
import { control, expect, openApp, scenarioUser, signInByApi, test, text } from './support.ts';

const TRADER = scenarioUser('verified-trader');
/** Crypto trades around the clock: its candles move whenever the test runs. */
const SYMBOL = 'btcusdt';

const chartOf = (page: Page) => page.getByTestId('candle-chart');
const summaryOf = (page: Page) => page.getByTestId('chart-summary');

async function openChart(page: Page, period = '1m'): Promise<Locator> {
  await openApp(page, `/pages/kline/kline?symbol=${SYMBOL}&period=${period}`);
  const chart = chartOf(page);
  await expect(chart).toHaveAttribute('data-candles', /^[1-9]\d*$/);
  return chart;
}

/** The opening times of the first and last candle on screen. */
async function visibleRange(chart: Locator) {
  const [from, to] = await Promise.all([
    chart.getAttribute('data-visible-from'),
    chart.getAttribute('data-visible-to'),
  ]);
  return { from: Number(from), to: Number(to) };
}

/** How much of the canvas differs from its top-left (background) pixel, and in how many colours. */
function inkOf(chart: Locator) {
  return chart.evaluate((canvas: HTMLCanvasElement) => {
    const context = canvas.getContext('2d');
    if (context === null) return { share: 0, colours: 0 };
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    const colours = new Set<number>();
    let inked = 0;
    for (let i = 0; i < data.length; i += 4) {
      const colour = ((data[i] ?? 0) << 16) | ((data[i + 1] ?? 0) << 8) | (data[i + 2] ?? 0);
      if (colour !== (((data[0] ?? 0) << 16) | ((data[1] ?? 0) << 8) | (data[2] ?? 0))) inked++;
      colours.add(colour);
    }
    return { share: inked / (data.length / 4), colours: colours.size };
  });
}

test.beforeEach(async ({ page }) => {
  await control.reset('verified-trader');
  await signInByApi(page, TRADER);
});

test('the chart page draws the candles of a symbol and sums them up for screen readers', async ({
  page,
}) => {
  const chart = await openChart(page);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('BTC/USDT');
  await expect(page.getByRole('img', { name: /BTC\/USDT/ })).toBeVisible();
  const ink = await inkOf(chart);
  expect(ink.share).toBeGreaterThan(0.02);
  expect(ink.colours).toBeGreaterThan(8);
  await expect(summaryOf(page)).toContainText('BTC/USDT, 1-minute candles from');
  // every value filled in: the count of candles on screen among them
  await expect(summaryOf(page)).toContainText(/\(\d[\d,]* candles\)/);
  await expect(summaryOf(page)).not.toContainText('{{');
  await expect(page.getByTestId('kline-stats')).toContainText(text('kline.stats.high'));
});

test('switching the period loads its candles and keeps it in the address', async ({ page }) => {
  const chart = await openChart(page);
  const before = await visibleRange(chart);

  await page.getByRole('button', { name: '1-hour' }).click();

  await expect(page).toHaveURL(/period=1h/);
  await expect(page.getByRole('button', { name: '1-hour' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(summaryOf(page)).toContainText('BTC/USDT, 1-hour candles from');
  await expect.poll(async () => (await visibleRange(chart)).from).not.toBe(before.from);
  const after = await visibleRange(chart);
  // an hour's candles reach much further back than a minute's on the same width
  expect(before.to - before.from).toBeLessThan(after.to - after.from);

  await page.reload();
  await expect(page.getByRole('button', { name: '1-hour' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('wheel, keys and dragging zoom and pan the chart', async ({ page }) => {
  // hourly candles: no new candle opens while the test compares the newest
  const chart = await openChart(page, '1h');
  const box = await chart.boundingBox();
  if (box === null) throw new Error('the chart has no box');
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const start = await visibleRange(chart);

  // zoom in: fewer candles, the newest one stays
  await page.mouse.move(centre.x, centre.y);
  await page.mouse.wheel(0, -400);
  await expect.poll(async () => (await visibleRange(chart)).from).toBeGreaterThan(start.from);
  const zoomed = await visibleRange(chart);
  expect(zoomed.to).toBe(start.to);

  // drag right: older candles come into view
  await page.mouse.down();
  await page.mouse.move(centre.x + 120, centre.y, { steps: 6 });
  await page.mouse.up();
  await expect.poll(async () => (await visibleRange(chart)).to).toBeLessThan(zoomed.to);

  // keys: End goes back to the newest, minus zooms out
  await chart.focus();
  await page.keyboard.press('End');
  await expect.poll(async () => (await visibleRange(chart)).to).toBe(start.to);
  await page.keyboard.press('-');
  await expect.poll(async () => (await visibleRange(chart)).from).toBeLessThan(zoomed.from);
});

/** Touches the screen with one finger per point, through the browser's own touch input. */
async function touch(
  session: CDPSession,
  type: 'touchStart' | 'touchMove' | 'touchEnd',
  points: readonly { x: number; y: number }[],
) {
  await session.send('Input.dispatchTouchEvent', {
    type,
    touchPoints: type === 'touchEnd' ? [] : points.map((point, id) => ({ ...point, id })),
  });
}

test('two fingers pinch to zoom, a long press shows the crosshair', async ({ page }) => {
  const chart = await openChart(page);
  const box = await chart.boundingBox();
  if (box === null) throw new Error('the chart has no box');
  const y = box.y + box.height / 2;
  const middle = box.x + box.width / 2;
  const session = await page.context().newCDPSession(page);
  const start = await visibleRange(chart);

  // fingers apart: zoom in
  await touch(session, 'touchStart', [
    { x: middle - 40, y },
    { x: middle + 40, y },
  ]);
  for (const spread of [60, 90, 120, 150]) {
    await touch(session, 'touchMove', [
      { x: middle - spread, y },
      { x: middle + spread, y },
    ]);
  }
  await touch(session, 'touchEnd', []);
  await expect.poll(async () => (await visibleRange(chart)).from).toBeGreaterThan(start.from);

  // a finger held still
  await touch(session, 'touchStart', [{ x: box.x + box.width / 3, y }]);
  await expect(page.getByTestId('chart-readout')).toBeVisible();
  await touch(session, 'touchEnd', []);
  // it stays to be read; a tap takes it away
  await expect(page.getByTestId('chart-readout')).toBeVisible();
  await touch(session, 'touchStart', [{ x: box.x + box.width / 3, y }]);
  await touch(session, 'touchEnd', []);
  await expect(page.getByTestId('chart-readout')).toBeHidden();
});

test('older candles load when the oldest comes into view, without moving the view', async ({
  page,
}) => {
  const chart = await openChart(page, '1h');
  const loaded = Number(await chart.getAttribute('data-candles'));
  const start = await visibleRange(chart);

  await chart.focus();
  // zoomed out to all of them: the oldest is on screen
  for (let i = 0; i < 12; i++) await page.keyboard.press('-');

  await expect
    .poll(async () => Number(await chart.getAttribute('data-candles')))
    .toBeGreaterThan(loaded);
  // the view stayed where it was: the newest candle at the right, the whole first load shown
  const range = await visibleRange(chart);
  expect(range.to).toBe(start.to);
  expect((range.to - range.from) / 3_600_000).toBeGreaterThan(loaded * 0.9);
  // and the history in front can be scrolled to
  await page.keyboard.press('ArrowLeft');
  await expect.poll(async () => (await visibleRange(chart)).to).toBeLessThan(range.to);
});

test('the crosshair shows the candle under the pointer', async ({ page }) => {
  const chart = await openChart(page);
  const box = await chart.boundingBox();
  if (box === null) throw new Error('the chart has no box');

  await page.mouse.move(box.x + box.width / 3, box.y + box.height / 3);

  const readout = page.getByTestId('chart-readout');
  await expect(readout).toBeVisible();
  for (const key of ['chart.open', 'chart.high', 'chart.low', 'chart.close', 'chart.volume']) {
    await expect(readout).toContainText(text(key));
  }
  await expect(readout).toContainText(/\d+\.\d{2}/);

  await page.mouse.move(box.x + box.width / 3, box.y + box.height + 40);
  await expect(readout).toBeHidden();
});

test('the live candle moves with the market', async ({ page }) => {
  const chart = await openChart(page);

  const before = Number(await chart.getAttribute('data-last-close'));
  // far from where it was: the market goes on from there, so only about this price holds
  const target = Math.round(before * 1.25);
  await control.setPrice({ symbol_id: SYMBOL, price: `${String(target)}.00` });

  const lastClose = async () => Number(await chart.getAttribute('data-last-close'));
  await expect.poll(lastClose, { timeout: 15_000 }).toBeGreaterThan(target * 0.99);
  expect(await lastClose()).toBeLessThan(target * 1.01);
  // the stats and the spoken summary print it too, in the English style: a figure within 1 % of
  // the target (not its leading digits: the market may cross a thousand on its way)
  const near = (text: string | null) =>
    [...(text ?? '').matchAll(/\d{1,3}(?:,\d{3})*\.\d{2}/g)].some(([figure]) => {
      const value = Number(figure.replace(/,/g, ''));
      return value > target * 0.99 && value < target * 1.01;
    });
  await expect
    .poll(async () => near(await page.getByTestId('kline-stats').textContent()))
    .toBe(true);
  await expect
    .poll(async () =>
      near(/Last close ([\d,.]+)/.exec((await summaryOf(page).textContent()) ?? '')?.[1] ?? ''),
    )
    .toBe(true);
});

test('an unknown symbol says so and offers the list', async ({ page }) => {
  await openApp(page, '/pages/kline/kline?symbol=nosuch&period=1m');

  await expect(page.getByText(text('kline.unknownTitle'))).toBeVisible();
  await page.getByRole('button', { name: text('kline.chooseSymbol') }).click();
  const sheet = page.getByRole('dialog', { name: text('kline.chooseSymbol') });
  await sheet.getByRole('searchbox').fill('eth');
  await sheet.getByRole('button', { name: /ETH\/USDT/ }).click();

  await expect(page).toHaveURL(/symbol=ethusdt/);
  await expect(chartOf(page)).toHaveAttribute('data-candles', /^[1-9]\d*$/);
});
