import Toast from 'antd-mobile/es/components/toast';
import { attach, createEffect } from 'effector';
import { $i18n } from '#shared/i18n';

/** A short message in the app language. Tests replace it to read what was shown. */
export const showToastFx = createEffect((content: string) => {
  Toast.show({ content, position: 'center', duration: 2000 });
});

/** Shows a translation key as a toast. */
export const notifyFx = attach({
  source: $i18n,
  mapParams: (key: string, i18n) => i18n?.t(key) ?? key,
  effect: showToastFx,
});
