import { formatPrice } from '#entities/market';
import { formatAmount, localizeDecimal, useNumberStyle } from '#shared/format';
import { navigated, PATHS } from '#shared/routing';
import { ConfirmSheet } from '#shared/ui/sheet';
import Button from 'antd-mobile/es/components/button';
import { useUnit } from 'effector-react';
import { useTranslation } from 'react-i18next';
import {
  $confirming,
  $leverage,
  $orderPrice,
  $orderType,
  $quote,
  $reduceOnly,
  $side,
  $stopLossOn,
  $submitting,
  $takeProfitOn,
  $typedFigures,
  $verifyPrompt,
  confirmCancelled,
  confirmClicked,
  submitClicked,
  verifyPromptClosed,
} from '../model/order-form.ts';
import { $symbol } from '../model/page.ts';
import styles from './contract-page.module.css';

const actionOf = (side: 'buy' | 'sell', reduceOnly: boolean) =>
  `${reduceOnly ? 'close' : 'open'}_${side === 'buy' ? 'long' : 'short'}` as const;

/** The screen's main action, in the sticky bar: open long or open short. */
export function SubmitBar() {
  const { t } = useTranslation();
  const [side, submitting, submit, reduceOnly] = useUnit([
    $side,
    $submitting,
    submitClicked,
    $reduceOnly,
  ]);
  return (
    <Button
      block
      size="large"
      color={side === 'buy' ? 'success' : 'danger'}
      loading={submitting}
      onClick={submit}
      data-testid="order-submit"
    >
      {t(`contract.action.${actionOf(side, reduceOnly)}`)}
    </Button>
  );
}

export function ConfirmOrder() {
  const { t } = useTranslation();
  const [open, confirm, cancel, side, reduceOnly] = useUnit([
    $confirming,
    confirmClicked,
    confirmCancelled,
    $side,
    $reduceOnly,
  ]);
  return (
    <ConfirmSheet
      visible={open}
      title={t('contract.confirm.title', {
        action: t(`contract.action.${actionOf(side, reduceOnly)}`),
      })}
      confirmText={t('contract.confirm.place')}
      cancelText={t('common.cancel')}
      onConfirm={confirm}
      onCancel={cancel}
    >
      {/* read only while open: closed, the sheet does not follow every tick of the price */}
      {open ? <ConfirmRows /> : null}
    </ConfirmSheet>
  );
}

/** What the order will be, as it will be sent, with its cost, fee and liquidation price. */
function ConfirmRows() {
  const { t } = useTranslation();
  const numbers = useNumberStyle();
  const [type, typed, price, quote, leverage, symbol] = useUnit([
    $orderType,
    $typedFigures,
    $orderPrice,
    $quote,
    $leverage,
    $symbol,
  ]);
  const [tpOn, slOn, reduceOnly] = useUnit([$takeProfitOn, $stopLossOn, $reduceOnly]);
  const precision = symbol?.price_precision ?? 2;
  const priceText = (value: string | null) => formatPrice(value, precision, numbers);
  const rows: [string, string][] = [
    [t('contract.confirm.symbol'), symbol?.display ?? ''],
    [t('contract.confirm.type'), t(`contract.type.${type}`)],
    [t('contract.form.price'), type === 'market' ? `≈ ${priceText(price)}` : priceText(price)],
    // the quantity as typed, read and printed back in the language's marks ("0,05" in German)
    [
      t('contract.form.quantity'),
      typed.quantity === null ? '—' : localizeDecimal(typed.quantity, numbers),
    ],
    [t('contract.confirm.leverage'), `${String(leverage?.value ?? '—')}×`],
    [t('contract.form.cost'), `${formatAmount(quote?.margin ?? '0', 2, numbers)} USDT`],
    [t('contract.form.fee'), `${formatAmount(quote?.fee ?? '0', 2, numbers)} USDT`],
  ];
  if (quote?.liquidation != null) {
    rows.push([t('contract.form.liquidation'), priceText(quote.liquidation)]);
  }
  // printed as every other price: the symbol's decimals, the language's marks
  if (tpOn && !reduceOnly) rows.push([t('contract.form.takeProfit'), priceText(typed.takeProfit)]);
  if (slOn && !reduceOnly) rows.push([t('contract.form.stopLoss'), priceText(typed.stopLoss)]);
  return (
    <dl className={styles.confirmList} data-testid="order-confirm">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd className="num">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** SPEC.md §5: an unverified user is asked to verify before the first real trade. */
export function VerifyPrompt() {
  const { t } = useTranslation();
  const [open, close, navigate] = useUnit([$verifyPrompt, verifyPromptClosed, navigated]);
  return (
    <ConfirmSheet
      visible={open}
      title={t('contract.verify.title')}
      confirmText={t('contract.verify.action')}
      cancelText={t('contract.verify.later')}
      onConfirm={() => {
        close();
        navigate({ to: PATHS.verified });
      }}
      onCancel={close}
    >
      <p className={styles.muted}>{t('contract.verify.hint')}</p>
    </ConfirmSheet>
  );
}
