import { attach, createEffect } from 'effector';
import { $i18n } from '#shared/i18n';
import styles from './toast.module.css';

/** How long a toast stays (SPEC.md §9's toasts are short). */
export const TOAST_MS = 2_000;

let region: HTMLElement | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;

/** One live region, in the page before any message, so that screen readers announce each one. */
function regionOf(document: Document): HTMLElement {
  if (region === null || !region.isConnected) {
    region = document.createElement('div');
    region.className = styles.region ?? '';
    region.setAttribute('role', 'status');
    region.setAttribute('aria-live', 'polite');
    document.body.append(region);
  }
  return region;
}

if (typeof document !== 'undefined') regionOf(document);

/**
 * Shows a message in the middle of the screen for `durationMs`; a newer one replaces it.
 * Our own few lines rather than antd-mobile's Toast: that one brings its mask and the animation
 * library, which would have to be loaded before the first error could be told, and an error is
 * most often the network going away.
 */
export function showToast(content: string, durationMs = TOAST_MS): void {
  if (typeof document === 'undefined') return;
  const shown = regionOf(document);
  clearTimeout(timer);
  // A new node each time: a message that follows another appears afresh.
  const text = document.createElement('span');
  text.className = styles.message ?? '';
  text.textContent = content;
  shown.replaceChildren(text);
  timer = setTimeout(() => {
    shown.replaceChildren();
  }, durationMs);
}

/** A short message, shown as it is. Tests replace it to read what was shown. */
export const showToastFx = createEffect((content: string) => {
  showToast(content);
});

/** Shows a translation key as a toast, in the app language. */
export const notifyFx = attach({
  source: $i18n,
  mapParams: (key: string, i18n) => i18n?.t(key) ?? key,
  effect: showToastFx,
});
