import { copyText } from '#shared/lib';
import { createEffect, createEvent, sample } from 'effector';
import { notifyFx } from '#shared/ui/toast';

/**
 * Copying a value with a word about it: `copyRequested` copies (over HTTPS and over plain http
 * on a LAN address alike, see `copyText`) and a toast says it was copied, or that the browser
 * would not. Create one per screen at module level; tests replace `copyTextFx`.
 */
export function createCopyAction(toasts: { copied: string; failed: string }) {
  const copyRequested = createEvent<string>();
  const copyTextFx = createEffect((text: string) => copyText(text));
  sample({ clock: copyRequested, filter: (text) => text !== '', target: copyTextFx });
  sample({ clock: copyTextFx.done, fn: () => toasts.copied, target: notifyFx });
  sample({ clock: copyTextFx.fail, fn: () => toasts.failed, target: notifyFx });
  return { copyRequested, copyTextFx };
}
