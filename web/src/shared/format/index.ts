// Number formatting on decimal.js: its own slice, so the library loads only where amounts show.
export { formatAmount } from './format.ts';
