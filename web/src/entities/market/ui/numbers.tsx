import { useNumberStyle } from '#shared/format';
import { useMemo } from 'react';
import { cachedVolumeFormat, directionOf, formatChangeRate, formatPrice } from '../lib/numbers.ts';
import styles from './market.module.css';

export interface PriceTextProps {
  /** a decimal string; null or '' while unknown */
  value: string | null | undefined;
  /** the symbol's price_precision */
  precision: number;
  className?: string;
}

/** A price with the symbol's decimals, thousands separators and tabular figures. */
export function PriceText({ value, precision, className }: PriceTextProps) {
  const style = useNumberStyle();
  return (
    <span className={className ? `${styles.number} ${className}` : styles.number}>
      {formatPrice(value, precision, style)}
    </span>
  );
}

export interface ChangeTextProps {
  /** the change rate as a signed percentage string ("-1.25" is −1.25 %) */
  value: string | null | undefined;
  className?: string;
}

/** A signed change rate with %: green when up, red when down, muted when flat. */
export function ChangeText({ value, className }: ChangeTextProps) {
  const style = useNumberStyle();
  const direction = directionOf(value);
  return (
    <span
      className={`${styles.number} ${styles[direction] ?? ''} ${className ?? ''}`}
      data-direction={direction}
    >
      {formatChangeRate(value, style)}
    </span>
  );
}

/** A compact number formatter in the app language, for volumes (18.23K, 1.77万). */
export function useVolumeFormat(): (value: string | null | undefined) => string {
  const style = useNumberStyle();
  return useMemo(() => cachedVolumeFormat(style.compact), [style]);
}
