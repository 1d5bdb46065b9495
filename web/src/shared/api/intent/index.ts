// Its own entry, not part of `#shared/api`: only the money screens need it.
export { createMoneyIntent, type MoneyIntent, type MoneyIntentConfig } from './intent.ts';
