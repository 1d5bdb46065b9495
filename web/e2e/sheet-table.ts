import type { Locator, Page } from '@playwright/test';
import type { ScenarioName } from '@bourse/fixtures';
import { PATHS } from '../src/shared/routing/paths.ts';
import { endpoints } from '@bourse/protocol';
import { randomUUID } from 'node:crypto';
import {
  BTC,
  holdBtcAt,
  openContract,
  seesBtcAt,
  traderClient,
  TRADER,
} from './contract-support.ts';
import { control, expect, openApp, scenarioUser, text } from './support.ts';

/**
 * Every sheet and dialog the app opens, beside the route table: the route it opens on, how a user
 * opens it (the control tapped, by its accessible name) and the dialog it is (by its name). The
 * routes pass (routes.spec.ts) sees screens; sheets-axe.spec.ts opens each of these in turn, by
 * day and by night, for axe and the keyboard. A file under src that draws a sheet
 * (`*-sheet.tsx`, a `<ConfirmSheet>` or a `<Popup>`) and is named nowhere here fails that spec.
 */

export interface SheetEntry {
  /** the file under web/ that draws it */
  readonly file: string;
  /** what the check calls it */
  readonly label: string;
  /** opens it from the route's screen as a user would; answers the open dialog */
  readonly open: (page: Page) => Promise<Locator>;
  /** closes it (default: Escape, else a tap on the mask); a sheet may also go on (place the order) */
  readonly close?: (page: Page, sheet: Locator) => Promise<void>;
}

export interface SheetRoute {
  /** the screen they open on */
  readonly path: string;
  /** signed in as this scenario's first user; null: a guest */
  readonly user: ScenarioName | null;
  /** the state the mock starts from and the screen's opening, before the first sheet */
  readonly start: (page: Page) => Promise<void>;
  readonly sheets: readonly SheetEntry[];
}

const withSymbol = (key: string) => text(key).replace('{{symbol}}', BTC.symbol);
const byName = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });
const escapeRe = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A deposit under review on the trader's record: the only kind a user may cancel. */
async function reviewingDeposit(email: string): Promise<void> {
  const state = await control.exportState({ secrets: true });
  const users = state.users as Record<string, { email: string; user_id: string }>;
  const user = Object.values(users).find((one) => one.email === email);
  if (!user) throw new Error(`no user ${email}`);
  const deposit = {
    id: '9101',
    order_no: 'RC202611271000009101',
    method: 'usdt',
    network: 'TRC20',
    amount: '100.00',
    currency: 'USDT',
    rate: '1',
    equivalent: '100.00',
    credited_amount: '0',
    status: 'reviewing',
    reject_reason: '',
    tx_hash: 'ab'.repeat(32),
    proof_image: '',
    remark: '',
    created_at: 1_795_000_000_000,
    reviewed_at: null,
    user_id: user.user_id,
    auto_review_at: null,
  };
  await control.importState({ ...state, deposits: [...(state['deposits'] as object[]), deposit] });
}

const contractStart = async (page: Page) => {
  await holdBtcAt('20000.00');
  await openContract(page);
  await seesBtcAt(page, '20000.00');
};

const optionsStart = async (page: Page) => {
  await holdBtcAt('20000.00');
  await openApp(page, `${PATHS.options}?symbol=${BTC.id}`);
  await expect(page.getByTestId('options-quote')).toContainText('20,000.00');
};

/** An option of the trader's that waits an hour for its start, its detail on screen. */
const orderingDetailStart = async (page: Page) => {
  const call = await traderClient(TRADER);
  const { server_time: now } = await call(endpoints.options.getSecondList, { symbol_id: BTC.id });
  const order = await call(endpoints.options.addOrder, {
    symbol_id: BTC.id,
    duration_id: '2',
    direction: 'up',
    amount: '10',
    request_id: randomUUID(),
    start_at: now + 3_600_000,
  });
  await openApp(page, `${PATHS.optionsDetail}?id=${order.id}`);
  await expect(page.getByText(text('options.status.ordering')).first()).toBeVisible();
};

const buyUp = async (page: Page) => {
  await page.getByRole('textbox', { name: text('options.amount') }).fill('10');
  await page.getByTestId('buy-up').click();
};

const orderTitle = text('contract.confirm.title').replace(
  '{{action}}',
  text('contract.action.open_long'),
);

export const SHEET_TABLE: readonly SheetRoute[] = [
  {
    path: PATHS.login,
    user: null,
    start: async (page) => {
      await openApp(page, PATHS.login);
      await page.getByRole('radio', { name: text('login.byPhone') }).check();
    },
    sheets: [
      {
        file: 'src/pages/login/ui/country-sheet.tsx',
        label: 'country code',
        open: async (page) => {
          await page.getByRole('button', { name: text('login.countryCode') }).click();
          return byName(page, text('login.chooseCountry'));
        },
      },
    ],
  },
  {
    path: PATHS.user,
    user: 'verified-trader',
    start: (page) => openApp(page, PATHS.user),
    sheets: [
      {
        file: 'src/pages/user/ui/user-page.tsx',
        label: 'log out',
        open: async (page) => {
          await page.getByRole('button', { name: text('user.logout.action') }).click();
          return byName(page, text('user.logout.question'));
        },
      },
      {
        file: 'src/features/switch-account/ui/switch-sheet.tsx',
        label: 'account switch',
        open: async (page) => {
          await page.getByRole('switch', { name: text('user.account.demoSwitch') }).click();
          return byName(page, text('accountSwitch.toDemo'));
        },
      },
    ],
  },
  {
    path: PATHS.setup,
    user: 'verified-trader',
    start: (page) => openApp(page, PATHS.setup),
    sheets: [
      {
        file: 'src/pages/setup/ui/setup-page.tsx',
        label: 'language',
        open: async (page) => {
          await page.getByRole('button', { name: text('setup.language') }).click();
          return byName(page, text('setup.chooseLanguage'));
        },
      },
      {
        file: 'src/pages/setup/ui/setup-page.tsx',
        label: 'delete account',
        open: async (page) => {
          await page.getByRole('button', { name: text('setup.delete.row') }).click();
          return byName(page, text('setup.delete.title'));
        },
      },
      {
        file: 'src/pages/setup/ui/setup-page.tsx',
        label: 'log out',
        open: async (page) => {
          await page.getByRole('button', { name: text('user.logout.action') }).click();
          return byName(page, text('user.logout.question'));
        },
      },
    ],
  },
  {
    path: PATHS.contract,
    user: 'verified-trader',
    start: contractStart,
    sheets: [
      {
        file: 'src/pages/contract/ui/symbol-sheet.tsx',
        label: 'symbol picker',
        open: async (page) => {
          await page
            .getByRole('button', { name: new RegExp(escapeRe(text('contract.switchSymbol'))) })
            .click();
          return byName(page, text('contract.switchSymbol'));
        },
      },
      {
        file: 'src/pages/contract/ui/order-leverage.tsx',
        label: 'leverage',
        open: async (page) => {
          await page.getByRole('button', { name: /\d+×/ }).click();
          return byName(page, text('contract.leverage.title'));
        },
      },
      {
        file: 'src/features/manage-position/ui/auto-margin-entry.tsx',
        label: 'auto-margin',
        open: async (page) => {
          await page
            .getByRole('button', {
              name: new RegExp(escapeRe(text('positionActions.autoMargin.entry'))),
            })
            .click();
          return byName(page, text('positionActions.autoMargin.title'));
        },
      },
      {
        file: 'src/pages/contract/ui/order-confirm.tsx',
        label: 'order confirmation',
        open: async (page) => {
          await page.getByRole('textbox', { name: text('contract.form.quantity') }).fill('0.01');
          await page.getByTestId('order-submit').click();
          return byName(page, orderTitle);
        },
        // placed: the position's own sheets come next
        close: async (page, sheet) => {
          await sheet.getByRole('button', { name: text('contract.confirm.place') }).click();
          await expect(page.getByTestId('position')).toHaveCount(1);
        },
      },
      {
        file: 'src/features/manage-position/ui/take-stop-sheet.tsx',
        label: 'TP/SL',
        open: async (page) => {
          await page
            .getByTestId('position')
            .getByRole('button', { name: text('positionActions.takeStop.open') })
            .click();
          return byName(page, withSymbol('positionActions.takeStop.title'));
        },
      },
      {
        file: 'src/features/manage-position/ui/margin-sheet.tsx',
        label: 'margin',
        open: async (page) => {
          await page
            .getByTestId('position')
            .getByRole('button', { name: text('positionActions.margin.open') })
            .click();
          return byName(page, withSymbol('positionActions.margin.title'));
        },
      },
      {
        file: 'src/features/manage-position/ui/close-sheet.tsx',
        label: 'close',
        open: async (page) => {
          await page
            .getByTestId('position')
            .getByRole('button', { name: text('positionActions.close.open') })
            .click();
          return byName(page, withSymbol('positionActions.close.title'));
        },
      },
      {
        file: 'src/features/manage-position/ui/close-all-button.tsx',
        label: 'close all',
        open: async (page) => {
          await page.getByRole('button', { name: text('positionActions.closeAll.open') }).click();
          return byName(
            page,
            new RegExp(
              `^(${escapeRe(text('positionActions.closeAll.questionAll'))}|${escapeRe(text('positionActions.closeAll.questionSymbol'))})$`,
            ),
          );
        },
      },
    ],
  },
  {
    path: PATHS.contract,
    user: 'fresh-user',
    start: contractStart,
    sheets: [
      {
        file: 'src/pages/contract/ui/order-confirm.tsx',
        label: 'verify first',
        open: async (page) => {
          await page.getByRole('textbox', { name: text('contract.form.quantity') }).fill('0.01');
          await page.getByTestId('order-submit').click();
          return byName(page, text('contract.verify.title'));
        },
      },
    ],
  },
  {
    path: PATHS.options,
    user: 'verified-trader',
    start: optionsStart,
    sheets: [
      {
        file: 'src/pages/options/ui/symbol-sheet.tsx',
        label: 'options symbol picker',
        open: async (page) => {
          await page
            .getByRole('button', { name: new RegExp(escapeRe(text('options.switchSymbol'))) })
            .click();
          return byName(page, text('options.switchSymbol'));
        },
      },
      {
        file: 'src/pages/options/ui/buy-confirm.tsx',
        label: 'options buy',
        open: async (page) => {
          await buyUp(page);
          return byName(
            page,
            text('options.confirm.title').replace('{{direction}}', text('options.direction.up')),
          );
        },
      },
    ],
  },
  {
    path: PATHS.optionsDetail,
    user: 'verified-trader',
    start: orderingDetailStart,
    sheets: [
      {
        file: 'src/pages/options-detail/ui/cancel-ordering.tsx',
        label: 'cancel an option waiting for its start',
        open: async (page) => {
          await page.getByRole('button', { name: text('options.detail.cancel') }).click();
          return byName(page, text('options.detail.cancelQuestion'));
        },
      },
    ],
  },
  {
    path: PATHS.options,
    user: 'fresh-user',
    start: optionsStart,
    sheets: [
      {
        file: 'src/pages/options/ui/buy-confirm.tsx',
        label: 'options verify first',
        open: async (page) => {
          await buyUp(page);
          return byName(page, text('options.verify.title'));
        },
      },
    ],
  },
  {
    path: PATHS.kline,
    user: 'verified-trader',
    start: (page) => openApp(page, `${PATHS.kline}?symbol=${BTC.id}`),
    sheets: [
      {
        file: 'src/pages/kline/ui/symbol-sheet.tsx',
        label: 'symbol picker',
        open: async (page) => {
          await page
            .getByRole('button', { name: text('kline.switchSymbol') })
            .first()
            .click();
          return byName(page, text('kline.chooseSymbol'));
        },
      },
    ],
  },
  {
    path: PATHS.rechargeLog,
    user: 'verified-trader',
    start: async (page) => {
      await reviewingDeposit(scenarioUser('verified-trader').email);
      await openApp(page, PATHS.rechargeLog);
    },
    sheets: [
      {
        file: 'src/pages/recharge-log/ui/recharge-log-page.tsx',
        label: 'deposit cancel',
        open: async (page) => {
          await page
            .getByRole('button', { name: text('funds.deposit.cancel') })
            .first()
            .click();
          return byName(page, text('funds.deposit.cancelQuestion'));
        },
      },
    ],
  },
];

/** Files that use the sheet parts without being a sheet a user opens (the parts themselves). */
export const SHEET_PARTS: readonly string[] = [
  'src/shared/ui/sheet/confirm-sheet.tsx',
  'src/shared/ui/sheet/popup.tsx',
  'src/shared/ui/sheet/index.ts',
  // the frame the position sheets share; each is listed above
  'src/features/manage-position/ui/action-sheet.tsx',
];
