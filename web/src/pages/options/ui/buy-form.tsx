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
  QUICK_AMOUNTS,
  durationPicked,
  quickPicked,
} from '../model/buy.ts';
import { $durations } from '../model/page.ts';
import styles from './options-page.module.css';

/** A line's worth of nothing: what a placeholder holds so that it is as tall as the text it stands for. */
const BLANK = '\u00a0';
/** The chips drawn while the durations load: their lines, empty. */
const PLACEHOLDER_CHIPS = ['a', 'b', 'c'] as const;

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
  if (list === null) {
    // The heading and a row of the chips' height: nothing below moves when the durations come.
    return (
      <div className={styles.chips}>
        <div className={styles.legend}>{t('options.duration')}</div>
        <div className={styles.chipRow} aria-hidden="true">
          {PLACEHOLDER_CHIPS.map((key) => (
            <span key={key} className={`${styles.chip} ${styles.chipPlaceholder}`}>
              <span className={styles.chipTime}>{BLANK}</span>
              <span className={styles.chipRate}>{BLANK}</span>
              <span className={styles.chipBreakEven}>{BLANK}</span>
            </span>
          ))}
        </div>
      </div>
    );
  }
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
      ? // the line the bounds take, kept while they load
        BLANK
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
        {/* Until the duration's bounds are in, the usual picks hold their places, not yet offered. */}
        {(duration === null ? QUICK_AMOUNTS : quick).map((value) => (
          <button
            key={value}
            type="button"
            className={styles.quickPick}
            disabled={duration === null}
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
