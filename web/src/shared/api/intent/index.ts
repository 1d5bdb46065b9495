export {
  $intentClock,
  createMoneyIntent,
  DOUBLE_TAP_MS,
  type MoneyIntent,
  type MoneyIntentConfig,
} from './intent.ts';
