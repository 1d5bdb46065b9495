import { MoneyField } from '#entities/balance';
import { betName } from '#entities/coin-guess';
import { formatAmount, localizeDecimal, useNumberStyle } from '#shared/format';
import { $online } from '#shared/socket';
import Button from 'antd-mobile/es/components/button';
import { useUnit } from 'effector-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  $amount,
  $available,
  $betType,
  $canBet,
  $errors,
  $formError,
  $payout,
  $submitting,
  $totalStake,
  amountChanged,
  betClicked,
  chipTapped,
  CHIPS,
  slipCleared,
} from '../model/slip.ts';
import styles from './game-page.module.css';
import { useBettingOpen } from './use-betting-open.ts';

/** The slip: the type chosen, the stake with its chips, and what it all comes to. */
export function BetSlip() {
  const { t } = useTranslation();
  const numbers = useNumberStyle();
  const [type, amount, change, errors, formError, available, chip, clear] = useUnit([
    $betType,
    $amount,
    amountChanged,
    $errors,
    $formError,
    $available,
    chipTapped,
    slipCleared,
  ]);
  const [payout, total] = useUnit([$payout, $totalStake]);
  const label = type === null ? null : betName(type.id, type.sum);
  const bounds =
    type === null
      ? t('game.pickType')
      : t('game.bounds', {
          min: formatAmount(type.min_amount, 2, numbers),
          max: formatAmount(type.max_amount, 2, numbers),
        });
  return (
    <section className={styles.slip} aria-label={t('game.slip')} data-testid="bet-slip">
      <p className={styles.slipType}>
        <span className={styles.muted}>{t('game.betOn')}</span>
        <span data-testid="slip-type">
          {label === null ? '—' : t(label.key, label.values)}
          {type === null ? null : ` · ×${localizeDecimal(type.odds, numbers)}`}
        </span>
      </p>
      <MoneyField
        label={t('game.stake')}
        value={amount}
        onChange={change}
        error={errors.amount ?? null}
        hint={bounds}
        extra={<span className={styles.muted}>USDT</span>}
      />
      <div className={styles.chips} role="group" aria-label={t('game.chips')}>
        {CHIPS.map((value) => (
          <button
            key={value}
            type="button"
            className={styles.chip}
            aria-label={t('game.addChip', { amount: formatAmount(value, 0, numbers) })}
            onClick={() => {
              chip(value);
            }}
          >
            +{formatAmount(value, 0, numbers)}
          </button>
        ))}
        <button type="button" className={styles.chip} onClick={clear}>
          {t('game.clear')}
        </button>
      </div>
      <dl className={styles.figures}>
        <dt>{t('game.available')}</dt>
        <dd className="num" data-testid="slip-available">
          {available === null ? '—' : `${formatAmount(available, 2, numbers)} USDT`}
        </dd>
        <dt>{t('game.totalStake')}</dt>
        <dd
          className="num"
          data-testid="slip-total"
        >{`${formatAmount(total, 2, numbers)} USDT`}</dd>
        <dt>{t('game.possiblePayout')}</dt>
        <dd className="num" data-testid="slip-payout">
          {payout === null ? '—' : `${formatAmount(payout, 2, numbers)} USDT`}
        </dd>
      </dl>
      {formError === null ? null : (
        <p role="alert" className={styles.formError}>
          {formError}
        </p>
      )}
    </section>
  );
}

/** The screen's main action, in the sticky bar: place the bet while the period takes bets. */
export function BetBar() {
  const { t } = useTranslation();
  const noteId = useId();
  const [can, submitting, bet, online] = useUnit([$canBet, $submitting, betClicked, $online]);
  const open = useBettingOpen();
  return (
    <div className={styles.betBar}>
      {online ? null : (
        <p id={noteId} className={styles.offlineNote}>
          {t('market.live.offlineAction')}
        </p>
      )}
      <Button
        block
        size="large"
        color="primary"
        disabled={!can || !open}
        aria-describedby={online ? undefined : noteId}
        loading={submitting}
        onClick={() => {
          bet();
        }}
        data-testid="place-bet"
      >
        {open ? t('game.placeBet') : t('game.betsClosed')}
      </Button>
    </div>
  );
}
