import { MoneyField } from '#entities/balance';
import { chipFigures, durationName } from '#entities/option';
import { asPercent, formatAmount, localizeDecimal, useNumberStyle } from '#shared/format';
import type { OptionDuration } from '@bourse/protocol';
import { useUnit } from 'effector-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { isRouteAvailable, PATHS } from '#shared/routing';
import {
  $amount,
  $attemptErrors,
  $available,
  $duration,
  $formError,
  $maxStake,
  $quickAmounts,
  amountChanged,
  durationPicked,
  quickPicked,
} from '../model/buy.ts';
import { $durations } from '../model/page.ts';
import styles from './options-page.module.css';

/** The order: its duration, then its stake with quick picks and the balance. */
export function BuyForm() {
  const { t } = useTranslation();
  return (
    <section className={styles.form} aria-label={t('options.form')}>
      <DurationChips />
      <StakeField />
    </section>
  );
}

function DurationChips() {
  const { t } = useTranslation();
  const name = useId();
  const [list, chosen, pick] = useUnit([$durations, $duration, durationPicked]);
  if (list === null) return <div className={styles.chipsSkeleton} aria-hidden="true" />;
  return (
    <fieldset className={styles.chips}>
      <legend className={styles.legend}>{t('options.duration')}</legend>
      <div className={styles.chipRow}>
        {list.map((duration) => (
          <Chip
            key={duration.id}
            name={name}
            duration={duration}
            checked={chosen?.id === duration.id}
            onPick={pick}
          />
        ))}
      </div>
    </fieldset>
  );
}

function Chip({
  name,
  duration,
  checked,
  onPick,
}: {
  name: string;
  duration: OptionDuration;
  checked: boolean;
  onPick: (id: string) => void;
}) {
  const { t } = useTranslation();
  const numbers = useNumberStyle();
  const { key, count } = durationName(duration);
  const figures = chipFigures(duration);
  const percent = (value: string) => asPercent(localizeDecimal(value, numbers), numbers);
  return (
    <label
      className={`${styles.chip} ${checked ? styles.chipChecked : ''} ${duration.open ? '' : styles.chipClosed}`}
      data-testid={`duration-${duration.id}`}
    >
      <input
        type="radio"
        name={name}
        value={duration.id}
        checked={checked}
        disabled={!duration.open}
        className="visually-hidden"
        onChange={() => {
          onPick(duration.id);
        }}
      />
      <span className={styles.chipTime}>{t(key, { count })}</span>
      <span className={styles.chipRate}>
        {t('options.payoutRate', { rate: percent(figures.payoutRate) })}
      </span>
      <span className={styles.chipBreakEven}>
        {duration.open
          ? t('options.breakEven', { rate: percent(figures.breakEven) })
          : t('options.closed')}
      </span>
    </label>
  );
}

function StakeField() {
  const { t } = useTranslation();
  const numbers = useNumberStyle();
  const [amount, change, errors, formError, duration, available, quick, max, pickQuick] = useUnit([
    $amount,
    amountChanged,
    $attemptErrors,
    $formError,
    $duration,
    $available,
    $quickAmounts,
    $maxStake,
    quickPicked,
  ]);
  const bounds =
    duration === null
      ? null
      : t('options.bounds', {
          min: formatAmount(duration.min_amount, 2, numbers),
          max: formatAmount(duration.max_amount, 2, numbers),
        });
  return (
    <div className={styles.stake}>
      <MoneyField
        label={t('options.amount')}
        value={amount}
        onChange={change}
        error={errors.amount ?? null}
        hint={bounds}
        extra={<span className={styles.muted}>USDT</span>}
      />
      <div className={styles.quick} role="group" aria-label={t('options.quickPicks')}>
        {quick.map((value) => (
          <button
            key={value}
            type="button"
            className={styles.quickPick}
            onClick={() => {
              pickQuick(value);
            }}
          >
            {formatAmount(value, 0, numbers)}
          </button>
        ))}
        <button
          type="button"
          className={styles.quickPick}
          disabled={max === null}
          onClick={() => {
            pickQuick('max');
          }}
        >
          {t('options.max')}
        </button>
      </div>
      <p className={styles.balance} data-testid="options-balance">
        <span>{t('options.available')}</span>
        <span className="num">
          {available === null ? '—' : `${formatAmount(available, 2, numbers)} USDT`}
        </span>
        {isRouteAvailable(PATHS.transfer) ? (
          // stakes come from the options account: money reaches it by a transfer
          <Link className={styles.transferLink} to={PATHS.transfer}>
            {t('options.transferIn')}
          </Link>
        ) : null}
      </p>
      {formError === null ? null : (
        <p role="alert" className={styles.formError}>
          {formError}
        </p>
      )}
    </div>
  );
}
