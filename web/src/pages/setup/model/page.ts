import type { Language } from '@bourse/protocol';
import { $i18n, languageChanged } from '#shared/i18n';
import { logoutRequested } from '#shared/session';
import { themeChanged, type Theme } from '#shared/theme';
import Toast from 'antd-mobile/es/components/toast';
import { attach, createEffect, createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';

/** The settings screen is on screen. */
export const SetupPageGate = createGate<Record<string, never>>({
  name: 'SetupPage',
  defaultState: {},
});

/** A short message in the app language. */
export const showToastFx = createEffect((content: string) => {
  Toast.show({ content, position: 'center', duration: 2000 });
});
/** Shows a translation key as a toast. */
export const notifyFx = attach({
  source: $i18n,
  mapParams: (key: string, i18n) => i18n?.t(key) ?? key,
  effect: showToastFx,
});

// ---- bottom sheets --------------------------------------------------------------------

export type SetupSheet = 'language' | 'delete' | 'logout';

export const sheetOpened = createEvent<SetupSheet>();
export const sheetClosed = createEvent();
/** The bottom sheet on screen, one at a time. */
export const $sheet = createStore<SetupSheet | null>(null)
  .on(sheetOpened, (_, sheet) => sheet)
  .reset(sheetClosed, SetupPageGate.close);

// ---- language and theme: applied at once to the whole app ---------------------------------

export const languagePicked = createEvent<Language>();
sample({ clock: languagePicked, target: languageChanged });
sample({ clock: languagePicked, target: sheetClosed });

export const nightModeToggled = createEvent<boolean>();
sample({
  clock: nightModeToggled,
  fn: (night): Theme => (night ? 'night' : 'day'),
  target: themeChanged,
});

// ---- logging out ----------------------------------------------------------------------

export const logoutConfirmed = createEvent();
sample({ clock: logoutConfirmed, target: sheetClosed });
sample({ clock: logoutConfirmed, target: logoutRequested });
