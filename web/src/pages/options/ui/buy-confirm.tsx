import { formatPrice } from '#entities/market';
import { chipFigures, durationName } from '#entities/option';
import { asPercent, formatAmount, localizeDecimal, useNumberStyle } from '#shared/format';
import { navigated, PATHS } from '#shared/routing';
import { $numberStyle, typedValue } from '#shared/typed-number';
import { $online } from '#shared/socket';
import { ConfirmSheet } from '#shared/ui/sheet';
import type { OptionDirection } from '@bourse/protocol';
import Button from 'antd-mobile/es/components/button';
import { useUnit } from 'effector-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  $amount,
  $canBuy,
  $confirming,
  $duration,
  $payout,
  $submitting,
  $verifyPrompt,
  buyClicked,
  confirmCancelled,
  confirmClicked,
  verifyPromptClosed,
} from '../model/buy.ts';
import { $symbol, $ticker } from '../model/page.ts';
import styles from './options-page.module.css';

/** The screen's main action, in the sticky bar: Up and Down, each with what a win pays back. */
export function BuyBar() {
  const { t } = useTranslation();
  const numbers = useNumberStyle();
  const noteId = useId();
  const [payout, can, submitting, buy, online] = useUnit([
    $payout,
    $canBuy,
    $submitting,
    buyClicked,
    $online,
  ]);
  const pays =
    payout === null ? null : t('options.pays', { amount: formatAmount(payout, 2, numbers) });
  const button = (direction: OptionDirection) => (
    <Button
      block
      size="large"
      className={styles.buyButton}
      color={direction === 'up' ? 'success' : 'danger'}
      disabled={!can}
      aria-describedby={online ? undefined : noteId}
      loading={submitting}
      onClick={() => {
        buy(direction);
      }}
      data-testid={`buy-${direction}`}
    >
      <span className={styles.buyLabel}>{t(`options.direction.${direction}`)}</span>
      {pays === null ? null : <span className={styles.buyPays}>{pays}</span>}
    </Button>
  );
  return (
    <div className={styles.buyBar}>
      {online ? null : (
        <p id={noteId} className={styles.offlineNote}>
          {t('market.live.offlineAction')}
        </p>
      )}
      {button('up')}
      {button('down')}
    </div>
  );
}

/** The order before it is bought: what it is, what a win pays, and the tie and void rules. */
export function ConfirmBuy() {
  const { t } = useTranslation();
  const [direction, confirm, cancel] = useUnit([$confirming, confirmClicked, confirmCancelled]);
  return (
    <ConfirmSheet
      visible={direction !== null}
      title={t('options.confirm.title', {
        direction: t(`options.direction.${direction ?? 'up'}`),
      })}
      confirmText={t('options.confirm.buy')}
      cancelText={t('common.cancel')}
      onConfirm={confirm}
      onCancel={cancel}
    >
      {direction === null ? null : <ConfirmRows direction={direction} />}
    </ConfirmSheet>
  );
}

function ConfirmRows({ direction }: { direction: OptionDirection }) {
  const { t } = useTranslation();
  const numbers = useNumberStyle();
  const [symbol, ticker, duration, amount, style, payout] = useUnit([
    $symbol,
    $ticker,
    $duration,
    $amount,
    $numberStyle,
    $payout,
  ]);
  if (duration === null) return null;
  const { key, count } = durationName(duration);
  const percent = (value: string) => asPercent(localizeDecimal(value, numbers), numbers);
  const rows: [string, string][] = [
    [t('options.confirm.symbol'), symbol?.display ?? ''],
    [t('options.confirm.direction'), t(`options.direction.${direction}`)],
    [t('options.duration'), t(key, { count })],
    [
      t('options.confirm.price'),
      formatPrice(ticker?.last_price ?? null, symbol?.price_precision ?? 2, numbers),
    ],
    [t('options.amount'), `${formatAmount(typedValue(amount, style), 2, numbers)} USDT`],
    [t('options.confirm.rate'), percent(chipFigures(duration).payoutRate)],
    [t('options.confirm.payout'), `${formatAmount(payout, 2, numbers)} USDT`],
  ];
  return (
    <>
      <dl className={styles.confirmList} data-testid="buy-confirm">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd className="num">{value}</dd>
          </div>
        ))}
      </dl>
      <ul className={styles.rules}>
        <li>{t(`options.rules.${direction}`)}</li>
        <li>{t('options.rules.tie')}</li>
        <li>{t('options.rules.void')}</li>
      </ul>
    </>
  );
}

/** SPEC.md §5: an unverified user is asked to verify before the first real trade. */
export function VerifyPrompt() {
  const { t } = useTranslation();
  const [open, close, navigate] = useUnit([$verifyPrompt, verifyPromptClosed, navigated]);
  return (
    <ConfirmSheet
      visible={open}
      title={t('options.verify.title')}
      confirmText={t('options.verify.action')}
      cancelText={t('options.verify.later')}
      onConfirm={() => {
        close();
        navigate({ to: PATHS.verified });
      }}
      onCancel={close}
    >
      <p className={styles.muted}>{t('options.verify.hint')}</p>
    </ConfirmSheet>
  );
}
