import Decimal from 'decimal.js';

/**
 * Money in the ledger. Every account holds USDT, the one account currency (contracts'
 * `accountBalance.currency`), kept to a fixed scale of 8 decimals: the precision USDT's TRC20 and
 * ERC20 tokens are commonly quoted and settled at by exchanges, and what `enteredDecimal` accepts.
 * A posting with more decimals than the scale is a bug and is refused.
 */
export const CURRENCY = 'USDT';
export const SCALE: Readonly<Record<typeof CURRENCY, number>> = { USDT: 8 };
export const USDT_SCALE = SCALE.USDT;

export const ZERO = new Decimal(0);

export const toDecimal = (value: Decimal.Value): Decimal => new Decimal(value);

/** Rounds an amount the engine computed (a fee, a converted amount) down to the scale. */
export const toScale = (value: Decimal.Value): Decimal =>
  new Decimal(value).toDecimalPlaces(USDT_SCALE, Decimal.ROUND_DOWN);

/** Whether an amount fits the scale exactly. */
export const fitsScale = (value: Decimal): boolean => value.decimalPlaces() <= USDT_SCALE;

/**
 * An amount as the wire carries it: a plain decimal string, at least 2 decimals, at most the
 * scale, without trailing zeros beyond the second decimal ("100000.00", "0.12345678").
 */
export const wireAmount = (value: Decimal.Value): string => {
  // Cut to the scale first, so what is shown has no trailing zeros the cut left behind
  // (1.100000001 is "1.10", not "1.10000000") and a sliver below it is "0.00", never "-0.00000000".
  const amount = new Decimal(value).toDecimalPlaces(USDT_SCALE, Decimal.ROUND_DOWN);
  return amount.toFixed(Math.max(2, amount.decimalPlaces()));
};
