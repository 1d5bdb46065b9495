// Number formatting on decimal.js: its own slice, so the library loads only where amounts show.
export { formatAmount, formatLimit } from './format.ts';
export {
  asPercent,
  ENGLISH_NUMBERS,
  localizeDecimal,
  numberStyleOf,
  type NumberStyle,
} from './numbers.ts';
export { useNumberStyle } from './use-number-style.ts';
