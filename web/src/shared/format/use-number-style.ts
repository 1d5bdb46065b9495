import { $language, HTML_LANG } from '#shared/i18n';
import { useUnit } from 'effector-react';
import { numberStyleOf, type NumberStyle } from './numbers.ts';

/** The app language's number style: every number on screen is written in it. */
export function useNumberStyle(): NumberStyle {
  return numberStyleOf(HTML_LANG[useUnit($language)]);
}
