import type { Page } from '@playwright/test';
import { encode } from 'uqr';
import { PATHS } from '../src/shared/routing/paths.ts';
import { control, expect, openApp, scenarioUser, signInByApi, test, text } from './support.ts';

const trader = scenarioUser('verified-trader');
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const ETH = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

/**
 * A PNG as big as a phone photo (4000 × 3000, so the app scales it down before decoding): a
 * wall, a table and a mug, and, when `qrText` is given, that text's QR code (uqr's matrix, 24 px
 * a module, with its quiet zone) off centre. Drawn on a canvas in the page and read back, so no
 * binary is checked in; flat colours keep it small (some 250 KB) to hand to the file input.
 */
async function photo(page: Page, qrText?: string): Promise<Buffer> {
  const modules = qrText === undefined ? null : encode(qrText, { border: 4 }).data;
  const dataUrl = await page.evaluate((matrix) => {
    const canvas = document.createElement('canvas');
    canvas.width = 4000;
    canvas.height = 3000;
    const context = canvas.getContext('2d');
    if (context === null) throw new Error('no 2D canvas');
    context.fillStyle = '#e9e4da';
    context.fillRect(0, 0, 4000, 3000);
    // some scenery: a table edge and a mug
    context.fillStyle = '#6b4f3a';
    context.fillRect(0, 2400, 4000, 600);
    context.fillStyle = '#2f5d8a';
    context.fillRect(3100, 1500, 500, 900);
    if (matrix !== null) {
      const scale = 24;
      matrix.forEach((row, y) => {
        row.forEach((dark, x) => {
          context.fillStyle = dark ? '#111' : '#fff';
          context.fillRect(1200 + x * scale, 700 + y * scale, scale, scale);
        });
      });
    }
    return canvas.toDataURL('image/png');
  }, modules);
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

test.describe('binding a bank account and a USDT wallet', () => {
  test.beforeEach(async ({ page }) => {
    await control.reset('verified-trader');
    await signInByApi(page, trader);
  });

  test('a mistyped wallet address is refused on the spot, a real one binds', async ({ page }) => {
    await openApp(page, '/pages/user/user');
    await page.getByRole('link', { name: text('user.menu.bind') }).click();
    await expect(page).toHaveURL(/\/pages\/bind\/bind$/);
    await expect(page.getByText(text('bind.unbound'))).toHaveCount(2);

    await page.getByRole('link', { name: text('bind.usdt') }).click();
    const address = page.getByRole('textbox', { name: text('bindUsdt.address') });
    // the last character changed: the base58check checksum fails
    await address.fill(`${TRON.slice(0, -1)}u`);
    await page.getByRole('button', { name: text('bindUsdt.submit') }).click();
    await expect(page.getByRole('alert')).toHaveText(text('bindUsdt.problem.checksum'));
    await expect(address).toHaveAttribute('aria-invalid', 'true');

    await page.getByRole('radio', { name: 'ERC20' }).check();
    await address.fill(TRON);
    await page.getByRole('button', { name: text('bindUsdt.submit') }).click();
    await expect(page.getByRole('alert')).toHaveText(text('bindUsdt.problem.wrong_network'));

    await page.getByRole('radio', { name: 'TRC20' }).check();
    await address.fill(TRON);
    await page.getByRole('button', { name: text('bindUsdt.submit') }).click();
    await expect(page).toHaveURL(/\/pages\/bind\/bind$/);
    await expect(page.getByText('TRC20 TR7NHqje…gjLj6t')).toBeVisible();
  });

  test('a bank in another name is refused by the server, the verified name binds', async ({
    page,
  }) => {
    await openApp(page, '/pages/bind/bank/bank');
    const field = (name: string) =>
      page.getByRole('textbox', { name: text(`bindBank.fields.${name}`) });
    await field('bank_name').fill('Chase');
    await field('account_no').fill('000123456789');
    await field('holder_name').fill('Someone Else');
    await page.getByRole('button', { name: text('bindBank.submit') }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'The account holder must be the name on your verified identity.',
    );
    await expect(field('holder_name')).toHaveAttribute('aria-invalid', 'true');

    await field('holder_name').fill(trader.nickname.toUpperCase());
    await page.getByRole('button', { name: text('bindBank.submit') }).click();
    await expect(page).toHaveURL(/\/pages\/bind\/bind$/);
    await expect(page.getByText('Chase ****6789')).toBeVisible();
  });

  test('a photo of a QR code fills in its address, switches the network, and it binds', async ({
    page,
  }) => {
    const decoder: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/(jsQR|read-qr)-[\w-]+\.js$/.test(request.url())) decoder.push(request.url());
    });
    await openApp(page, PATHS.bindUsdt);
    await page.getByRole('radio', { name: 'ERC20' }).check();
    const image = await photo(page, `tron:${TRON}?amount=100`);
    // the decoder is not part of the page: it loads with the first image picked
    expect(decoder).toStrictEqual([]);

    await page
      .getByLabel(text('bindUsdt.scan.button'))
      .setInputFiles({ name: 'IMG_2041.png', mimeType: 'image/png', buffer: image });

    const address = page.getByRole('textbox', { name: text('bindUsdt.address') });
    await expect(address).toHaveValue(TRON);
    await expect(page.getByRole('radio', { name: 'TRC20' })).toBeChecked();
    await expect(
      page.getByText(text('bindUsdt.scan.switched').replace('{{network}}', 'TRC20')),
    ).toBeVisible();
    expect(decoder).toHaveLength(2);

    await page.getByRole('button', { name: text('bindUsdt.submit') }).click();
    await expect(page).toHaveURL(/\/pages\/bind\/bind$/);
    await expect(page.getByText('TRC20 TR7NHqje…gjLj6t')).toBeVisible();
  });

  test('a photo without a QR code says so and leaves the address as it was', async ({ page }) => {
    await openApp(page, PATHS.bindUsdt);
    const address = page.getByRole('textbox', { name: text('bindUsdt.address') });
    await address.fill('TR7NHqje');

    await page
      .getByLabel(text('bindUsdt.scan.button'))
      .setInputFiles({ name: 'IMG_2042.png', mimeType: 'image/png', buffer: await photo(page) });

    await expect(page.getByRole('alert')).toHaveText(text('bindUsdt.scan.noCode'));
    await expect(address).toHaveValue('TR7NHqje');
    await expect(page.getByRole('radio', { name: 'TRC20' })).toBeChecked();
  });

  test('where the browser has a BarcodeDetector, it reads the photo, scaled down, and jsQR stays unloaded', async ({
    page,
  }) => {
    // Chromium on Linux has none: a stand-in that finds an ERC20 payment request in any image
    // and notes the size of what it was given.
    await page.addInitScript((rawValue) => {
      class StandInDetector {
        static getSupportedFormats() {
          return Promise.resolve(['ean_13', 'qr_code']);
        }
        detect(image: { width: number; height: number }) {
          document.documentElement.dataset['detected'] =
            `${String(image.width)}x${String(image.height)}`;
          return Promise.resolve([{ rawValue }]);
        }
      }
      Object.defineProperty(window, 'BarcodeDetector', { value: StandInDetector });
    }, `ethereum:${ETH}@1?value=1e18`);
    const jsqr: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/jsQR-[\w-]+\.js$/.test(request.url())) jsqr.push(request.url());
    });
    await openApp(page, PATHS.bindUsdt);

    await page
      .getByLabel(text('bindUsdt.scan.button'))
      .setInputFiles({ name: 'IMG_2043.png', mimeType: 'image/png', buffer: await photo(page) });

    await expect(page.getByRole('textbox', { name: text('bindUsdt.address') })).toHaveValue(ETH);
    await expect(page.getByRole('radio', { name: 'ERC20' })).toBeChecked();
    // the 4000 × 3000 photo was handed over at 1280 × 960
    await expect(page.locator('html')).toHaveAttribute('data-detected', '1280x960');
    expect(jsqr).toStrictEqual([]);
  });
});

test('binding says the identity rule before anything is typed: verify first, or wait for the review', async ({
  page,
}) => {
  const fresh = scenarioUser('fresh-user');
  await control.reset('fresh-user');
  await signInByApi(page, fresh);
  for (const [path, target] of [
    [PATHS.bindBank, 'bank'],
    [PATHS.bindUsdt, 'usdt'],
  ] as const) {
    await openApp(page, path);
    await expect(
      page.getByRole('heading', { name: text('viewer.bindRule.unverified.title') }),
    ).toBeVisible();
    await expect(page.getByText(text(`viewer.bindRule.unverified.${target}`))).toBeVisible();
    await expect(page.getByRole('textbox')).toHaveCount(0);
  }
  await page.getByRole('link', { name: text('viewer.bindRule.unverified.link') }).click();
  await expect(page).toHaveURL(/\/pages\/verified\/verified$/);
});
