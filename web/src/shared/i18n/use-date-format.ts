import { useUnit } from 'effector-react';
import { useMemo } from 'react';
import { HTML_LANG } from './instance.ts';
import { $language } from './model.ts';

/** A date formatter in the app language (its HTML `lang`); `options` must be a constant. */
export function useDateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const language = useUnit($language);
  return useMemo(() => new Intl.DateTimeFormat(HTML_LANG[language], options), [language, options]);
}
