import { readFileSync } from 'node:fs';
import { PATHS } from '../src/shared/routing/paths.ts';
import { expect, keepOnDevice, openApp, seriousViolations, test, text } from './support.ts';

// The location pages: a place passed in the address shown on a map drawn offline (d3-geo and the
// world's TopoJSON, no tiles), with a geo: link for the phone's maps app; About us leads to the
// company's office from config.json.

const CONFIG = JSON.parse(
  readFileSync(new URL('../public/config.json', import.meta.url), 'utf8'),
) as { company: { name: string; address: string; latitude: number; longitude: number } };
const OFFICE = CONFIG.company;

test.describe('open-location', () => {
  test('About us leads to the office on the map, with a link for the maps app', async ({
    page,
  }) => {
    await openApp(page, `${PATHS.configDetail}?key=about_us`);
    await page.getByTestId('office-link').click();
    await expect(page).toHaveURL(new RegExp(`^[^?]*${PATHS.openLocation}\\?`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(OFFICE.name);
    await expect(page.getByTestId('place-address')).toHaveText(OFFICE.address);
    await expect(
      page.getByRole('img', { name: text('location.mapLabel').replace('{{name}}', OFFICE.name) }),
    ).toBeVisible();
    await expect(page.getByTestId('map-marker')).toHaveCount(1);
    const at = `${String(OFFICE.latitude)},${String(OFFICE.longitude)}`;
    await expect(page.getByTestId('geo-link')).toHaveAttribute(
      'href',
      `geo:${at}?q=${at}(${encodeURIComponent(OFFICE.name)})`,
    );
  });

  test('says so when the address names no valid place', async ({ page }) => {
    await openApp(page, `${PATHS.openLocation}?name=Nowhere&lat=120&lon=0`);
    await expect(page.getByText(text('location.invalidTitle'))).toBeVisible();
    await expect(page.getByTestId('world-map')).toHaveCount(0);
  });

  for (const theme of ['day', 'night'] as const) {
    test(`${theme}: the map page passes axe`, async ({ page }) => {
      await keepOnDevice(page, { theme });
      await openApp(
        page,
        `${PATHS.openLocation}?name=Tokyo%20office&address=Marunouchi&lat=35.6812&lon=139.7671`,
      );
      await expect(page.getByTestId('map-marker')).toHaveCount(1);
      expect.soft(await seriousViolations(page), `open-location (${theme})`).toEqual([]);
    });
  }
});

test.describe('choose-location', () => {
  test('finds a place by name and goes back with it to the page that asked', async ({ page }) => {
    const asking = `${PATHS.openLocation}?from=test`;
    await openApp(page, `${PATHS.chooseLocation}?return=${encodeURIComponent(asking)}`);
    await expect(page.getByTestId('use-place')).toBeDisabled();
    await page.getByRole('searchbox', { name: text('location.search') }).fill('tok');
    await page.getByTestId('place-match').filter({ hasText: 'Tokyo' }).click();
    await expect(page.getByTestId('chosen-place')).toHaveText(
      text('location.chosen').replace('{{name}}', 'Tokyo'),
    );
    await expect(page.getByTestId('map-marker')).toHaveCount(1);
    await page.getByTestId('use-place').click();
    await expect(page).toHaveURL(
      /\/open-location\?from=test&name=Tokyo&address=Japan&lat=35\.6762&lon=139\.6503$/,
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tokyo');
  });

  test('pins a tapped point of the map', async ({ page }) => {
    await openApp(page, PATHS.chooseLocation);
    const map = page.getByTestId('world-map');
    const box = await map.boundingBox();
    if (box === null) throw new Error('the map is not drawn');
    await map.click({ position: { x: box.width / 2, y: box.height / 2 } });
    await expect(page.getByTestId('chosen-place')).toContainText('Pinned point');
    await page.getByTestId('use-place').click();
    await expect(page).toHaveURL(/\/open-location\?name=Pinned/);
    await expect(page.getByTestId('map-marker')).toHaveCount(1);
  });

  for (const theme of ['day', 'night'] as const) {
    test(`${theme}: the choice page passes axe`, async ({ page }) => {
      await keepOnDevice(page, { theme });
      await openApp(page, PATHS.chooseLocation);
      await page.getByRole('searchbox', { name: text('location.search') }).fill('par');
      await page.getByTestId('place-match').first().click();
      expect.soft(await seriousViolations(page), `choose-location (${theme})`).toEqual([]);
    });
  }
});
