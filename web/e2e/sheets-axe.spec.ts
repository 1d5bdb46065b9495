import type { Locator, Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHEET_PARTS, SHEET_TABLE, type SheetEntry } from './sheet-table.ts';
import {
  control,
  expect,
  keepOnDevice,
  scenarioUser,
  seriousViolations,
  signInByApi,
  test,
} from './support.ts';

// Every sheet and dialog in SHEET_TABLE, opened as a user opens it, by day and by night: no
// serious or critical axe violation inside it, and the keyboard reaches its controls. One test
// per theme and route, its sheets opened in turn.

const WEB = fileURLToPath(new URL('../', import.meta.url));

/** Files under src that draw a sheet: `*-sheet.tsx`, or a `<ConfirmSheet>` or `<Popup>` in them. */
function sheetFiles(): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        if (
          entry.name.endsWith('-sheet.tsx') ||
          /<(ConfirmSheet|Popup|ActionSheet)\b|role="dialog"/.test(readFileSync(path, 'utf8'))
        )
          found.push(relative(WEB, path).split('\\').join('/'));
      }
    }
  };
  walk(join(WEB, 'src'));
  return found.sort();
}

test('every file that draws a sheet is in the sheet table', () => {
  const listed = new Set([
    ...SHEET_TABLE.flatMap((route) => route.sheets.map((sheet) => sheet.file)),
    ...SHEET_PARTS,
  ]);
  expect(sheetFiles().length).toBeGreaterThan(5);
  expect(
    sheetFiles().filter((file) => !listed.has(file)),
    'sheets missing from e2e/sheet-table.ts',
  ).toEqual([]);
});
/** The sheet has slid in: where it stands does not change between two frames. */
async function settled(sheet: Locator): Promise<void> {
  await expect(sheet).toBeVisible();
  await expect
    .poll(async () => {
      const first = await sheet.boundingBox();
      await sheet.page().waitForTimeout(80);
      const second = await sheet.boundingBox();
      return first !== null && second !== null && first.y === second.y;
    })
    .toBe(true);
}

const focusInside = (sheet: Locator) =>
  sheet.evaluate((dialog) => dialog.contains(document.activeElement));

/**
 * The sheet is a modal to the keyboard: once open, the focus is inside it (on a control, or on the
 * dialog itself, whose next Tab is its first control).
 */
async function keyboardReaches(page: Page, sheet: Locator): Promise<boolean> {
  await expect
    .poll(() => focusInside(sheet), { message: 'the focus moves into the sheet' })
    .toBe(true);
  if (await sheet.evaluate((dialog) => dialog === document.activeElement)) {
    await page.keyboard.press('Tab');
    return focusInside(sheet);
  }
  const tag = await page.evaluate(() => document.activeElement?.tagName ?? '');
  return tag !== 'BODY';
}

async function closeSheet(page: Page, entry: SheetEntry, sheet: Locator): Promise<void> {
  if (entry.close) return entry.close(page, sheet);
  // Escape closes every sheet, as the mask does
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
}

test.use({ viewport: { width: 360, height: 780 }, reducedMotion: 'reduce' });

for (const theme of ['day', 'night'] as const) {
  for (const route of SHEET_TABLE) {
    const who = route.user ?? 'guest';
    test(`${theme}: the sheets on ${route.path} (${who}) pass axe, and the keyboard reaches their controls`, async ({
      page,
    }) => {
      await control.reset(route.user ?? 'verified-trader');
      if (route.user) await signInByApi(page, scenarioUser(route.user));
      await keepOnDevice(page, { theme });
      await route.start(page);
      for (const entry of route.sheets) {
        await test.step(entry.label, async () => {
          const sheet = await entry.open(page);
          await settled(sheet);
          expect
            .soft(
              await seriousViolations(page, '[role="dialog"]'),
              `${entry.label} (${theme}): axe`,
            )
            .toEqual([]);
          expect
            .soft(await keyboardReaches(page, sheet), `${entry.label}: the keyboard reaches it`)
            .toBe(true);
          await closeSheet(page, entry, sheet);
        });
      }
    });
  }
}
