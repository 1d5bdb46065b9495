import { formatPrice } from '#entities/market';
import { formatAmount, useNumberStyle } from '#shared/format';
import { navigated, PATHS } from '#shared/routing';
import { messageIdOf, useFocusFirstInvalid } from '#shared/ui/form';
import { ConfirmSheet, Popup } from '#shared/ui/sheet';
import Button from 'antd-mobile/es/components/button';
import type { FormMessage } from '#shared/api';
import type { OrderSide, OrderType } from '@bourse/protocol';
import { useUnit } from 'effector-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  $attemptErrors,
  $confirming,
  $errors,
  $formError,
  $info,
  $leverage,
  $maxQuantity,
  $orderPrice,
  $orderType,
  $percent,
  $price,
  $quantity,
  $quote,
  $reduceOnly,
  $side,
  $stopLoss,
  $stopLossOn,
  $submitting,
  $takeProfit,
  $takeProfitOn,
  $verifyPrompt,
  confirmCancelled,
  confirmClicked,
  leveragePicked,
  orderTypeChanged,
  percentPicked,
  priceChanged,
  quantityChanged,
  QUANTITY_STOPS,
  reduceOnlyToggled,
  sideChanged,
  stopLossChanged,
  stopLossToggled,
  submitClicked,
  takeProfitChanged,
  takeProfitToggled,
  verifyPromptClosed,
} from '../model/order-form.ts';
import { $symbol } from '../model/page.ts';
import styles from './contract-page.module.css';

const SIDES: readonly OrderSide[] = ['buy', 'sell'];
const TYPES: readonly OrderType[] = ['market', 'limit'];

/** The order form: side, type, price, quantity and its slider, leverage, TP/SL, reduce-only. */
export function OrderForm() {
  const { t } = useTranslation();
  const numbers = useNumberStyle();
  const [side, changeSide, type, changeType, info, attempt, formError] = useUnit([
    $side,
    sideChanged,
    $orderType,
    orderTypeChanged,
    $info,
    $attemptErrors,
    $formError,
  ]);
  // focus moves on an attempt to send that fails, not on every message a keystroke brings
  useFocusFirstInvalid(attempt);
  return (
    <form
      className={styles.form}
      aria-label={t('contract.form.title')}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
      }}
    >
      <div className={styles.segmented} role="group" aria-label={t('contract.form.side')}>
        {SIDES.map((one) => (
          <button
            key={one}
            type="button"
            aria-pressed={side === one}
            className={`${styles.segment} ${one === 'buy' ? styles.buy : styles.sell}`}
            onClick={() => {
              changeSide(one);
            }}
          >
            {t(`contract.form.${one === 'buy' ? 'long' : 'short'}`)}
          </button>
        ))}
      </div>
      <div className={styles.row}>
        <div className={styles.types} role="group" aria-label={t('contract.form.type')}>
          {TYPES.map((one) => (
            <button
              key={one}
              type="button"
              aria-pressed={type === one}
              className={styles.typeButton}
              onClick={() => {
                changeType(one);
              }}
            >
              {t(`contract.type.${one}`)}
            </button>
          ))}
        </div>
        <LeverageButton />
      </div>
      {type === 'limit' ? <PriceField /> : <MarketPrice />}
      <QuantityField />
      <p className={styles.available}>
        {t('contract.form.available')}{' '}
        <span className="num">
          {info === null ? '—' : formatAmount(info.available, 2, numbers)}
        </span>{' '}
        USDT
      </p>
      <TakeStopFields />
      <ReduceOnly />
      <Quote />
      {formError === null ? null : (
        <p role="alert" className={styles.formError}>
          {formError}
        </p>
      )}
      <ConfirmOrder />
      <VerifyPrompt />
    </form>
  );
}

/** A labelled text entry with its message (a translated check, or the server's words) below. */
function Entry({
  label,
  value,
  onChange,
  error,
  suffix,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: FormMessage | undefined;
  suffix?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const messageId = messageIdOf(id);
  return (
    <div className={styles.entry}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.inputRow}>
        <input
          id={id}
          className={styles.input}
          inputMode="decimal"
          autoComplete="off"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? messageId : undefined}
          data-testid={testId}
          onChange={(event) => {
            onChange(event.target.value);
          }}
        />
        {suffix === undefined ? null : <span className={styles.suffix}>{suffix}</span>}
      </div>
      {error ? (
        <span id={messageId} role="alert" className={styles.fieldError}>
          {'key' in error ? t(error.key) : error.text}
        </span>
      ) : null}
    </div>
  );
}

function PriceField() {
  const { t } = useTranslation();
  const [price, change, errors] = useUnit([$price, priceChanged, $errors]);
  return (
    <Entry
      label={t('contract.form.price')}
      value={price}
      onChange={change}
      error={errors.price}
      suffix="USDT"
      testId="order-price"
    />
  );
}

function MarketPrice() {
  const { t } = useTranslation();
  const numbers = useNumberStyle();
  const [price, symbol] = useUnit([$orderPrice, $symbol]);
  return (
    <p className={styles.marketPrice}>
      {t('contract.form.marketPrice')}{' '}
      <span className="num">{formatPrice(price, symbol?.price_precision ?? 2, numbers)}</span>
    </p>
  );
}

function QuantityField() {
  const { t } = useTranslation();
  const [quantity, change, errors, percent, pick, max] = useUnit([
    $quantity,
    quantityChanged,
    $errors,
    $percent,
    percentPicked,
    $maxQuantity,
  ]);
  const sliderId = useId();
  return (
    <>
      <Entry
        label={t('contract.form.quantity')}
        value={quantity}
        onChange={change}
        error={errors.quantity}
        testId="order-quantity"
      />
      <div className={styles.slider}>
        <label htmlFor={sliderId} className="visually-hidden">
          {t('contract.form.percent')}
        </label>
        <input
          id={sliderId}
          type="range"
          min={0}
          max={100}
          step={25}
          value={percent}
          disabled={max === null}
          aria-valuetext={`${percent}%`}
          onChange={(event) => {
            pick(Number(event.target.value));
          }}
        />
        <div className={styles.stops} aria-hidden="true">
          {QUANTITY_STOPS.map((stop) => (
            <span key={stop}>{stop}%</span>
          ))}
        </div>
        <p className={styles.muted}>
          {t('contract.form.maxQuantity')} <span className="num">{max ?? '—'}</span>
        </p>
      </div>
    </>
  );
}

function LeverageButton() {
  const { t } = useTranslation();
  const [leverage, info, pick] = useUnit([$leverage, $info, leveragePicked]);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={styles.leverage}
        aria-haspopup="dialog"
        disabled={info === null}
        onClick={() => {
          setOpen(true);
        }}
      >
        {t('contract.form.leverage', { value: leverage?.value ?? '—' })}
      </button>
      <Popup
        visible={open}
        onMaskClick={() => {
          setOpen(false);
        }}
        onClose={() => {
          setOpen(false);
        }}
        showCloseButton
        bodyClassName={styles.sheet}
      >
        <div role="dialog" aria-modal="true" aria-labelledby="leverage-title">
          <h2 id="leverage-title" className={styles.sheetTitle}>
            {t('contract.leverage.title')}
          </h2>
          <p className={styles.muted}>{t('contract.leverage.hint')}</p>
          <div className={styles.leverages} role="group" aria-labelledby="leverage-title">
            {info?.leverages.map((one) => (
              <button
                key={one.id}
                type="button"
                aria-pressed={leverage?.id === one.id}
                className={styles.leverageChoice}
                onClick={() => {
                  pick(one.id);
                  setOpen(false);
                }}
              >
                {one.value}×
              </button>
            ))}
          </div>
        </div>
      </Popup>
    </>
  );
}

function Switch({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className={styles.switchRow}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className={styles.switch}
        checked={checked}
        onChange={(event) => {
          onChange(event.target.checked);
        }}
      />
    </div>
  );
}

function TakeStopFields() {
  const { t } = useTranslation();
  const [tpOn, tp, slOn, sl, errors, reduceOnly] = useUnit([
    $takeProfitOn,
    $takeProfit,
    $stopLossOn,
    $stopLoss,
    $errors,
    $reduceOnly,
  ]);
  const [toggleTp, changeTp, toggleSl, changeSl] = useUnit([
    takeProfitToggled,
    takeProfitChanged,
    stopLossToggled,
    stopLossChanged,
  ]);
  if (reduceOnly) return null;
  return (
    <div className={styles.takeStop}>
      <Switch label={t('contract.form.takeProfit')} checked={tpOn} onChange={toggleTp} />
      {tpOn ? (
        <Entry
          label={t('contract.form.takeProfitPrice')}
          value={tp}
          onChange={changeTp}
          error={errors.takeProfit}
          suffix="USDT"
          testId="order-take-profit"
        />
      ) : null}
      <Switch label={t('contract.form.stopLoss')} checked={slOn} onChange={toggleSl} />
      {slOn ? (
        <Entry
          label={t('contract.form.stopLossPrice')}
          value={sl}
          onChange={changeSl}
          error={errors.stopLoss}
          suffix="USDT"
          testId="order-stop-loss"
        />
      ) : null}
    </div>
  );
}

function ReduceOnly() {
  const { t } = useTranslation();
  const [on, toggle] = useUnit([$reduceOnly, reduceOnlyToggled]);
  return <Switch label={t('contract.form.reduceOnly')} checked={on} onChange={toggle} />;
}

/** Cost, fee and liquidation price by the shared formulas, before anything is sent. */
function Quote() {
  const { t } = useTranslation();
  const numbers = useNumberStyle();
  const [quote, symbol] = useUnit([$quote, $symbol]);
  const money = (value: string | undefined) =>
    value === undefined ? '—' : `${formatAmount(value, 2, numbers)} USDT`;
  return (
    <dl className={styles.quoteList} data-testid="order-quote">
      <div>
        <dt>{t('contract.form.cost')}</dt>
        <dd className="num" data-testid="order-cost">
          {money(quote?.margin)}
        </dd>
      </div>
      <div>
        <dt>{t('contract.form.fee')}</dt>
        <dd className="num" data-testid="order-fee">
          {money(quote?.fee)}
        </dd>
      </div>
      <div>
        <dt>{t('contract.form.liquidation')}</dt>
        <dd className="num" data-testid="order-liquidation">
          {quote?.liquidation == null
            ? '—'
            : formatPrice(quote.liquidation, symbol?.price_precision ?? 2, numbers)}
        </dd>
      </div>
    </dl>
  );
}

/** The screen's main action, in the sticky bar: open long or open short. */
export function SubmitBar() {
  const { t } = useTranslation();
  const [side, submitting, submit, reduceOnly] = useUnit([
    $side,
    $submitting,
    submitClicked,
    $reduceOnly,
  ]);
  const action = `${reduceOnly ? 'close' : 'open'}_${side === 'buy' ? 'long' : 'short'}` as const;
  return (
    <Button
      block
      size="large"
      color={side === 'buy' ? 'success' : 'danger'}
      loading={submitting}
      onClick={submit}
      data-testid="order-submit"
    >
      {t(`contract.action.${action}`)}
    </Button>
  );
}

function ConfirmOrder() {
  const { t } = useTranslation();
  const [open, confirm, cancel, side, reduceOnly] = useUnit([
    $confirming,
    confirmClicked,
    confirmCancelled,
    $side,
    $reduceOnly,
  ]);
  const action = `${reduceOnly ? 'close' : 'open'}_${side === 'buy' ? 'long' : 'short'}` as const;
  return (
    <ConfirmSheet
      visible={open}
      title={t('contract.confirm.title', { action: t(`contract.action.${action}`) })}
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
  const [type, quantity, price, quote, leverage, symbol] = useUnit([
    $orderType,
    $quantity,
    $orderPrice,
    $quote,
    $leverage,
    $symbol,
  ]);
  const [tpOn, tp, slOn, sl, reduceOnly] = useUnit([
    $takeProfitOn,
    $takeProfit,
    $stopLossOn,
    $stopLoss,
    $reduceOnly,
  ]);
  const precision = symbol?.price_precision ?? 2;
  const rows: [string, string][] = [
    [t('contract.confirm.symbol'), symbol?.display ?? ''],
    [t('contract.confirm.type'), t(`contract.type.${type}`)],
    [
      t('contract.form.price'),
      type === 'market'
        ? `≈ ${formatPrice(price, precision, numbers)}`
        : formatPrice(price, precision, numbers),
    ],
    [t('contract.form.quantity'), quantity.trim()],
    [t('contract.confirm.leverage'), `${String(leverage?.value ?? '—')}×`],
    [t('contract.form.cost'), `${formatAmount(quote?.margin ?? '0', 2, numbers)} USDT`],
    [t('contract.form.fee'), `${formatAmount(quote?.fee ?? '0', 2, numbers)} USDT`],
  ];
  if (quote?.liquidation != null) {
    rows.push([t('contract.form.liquidation'), formatPrice(quote.liquidation, precision, numbers)]);
  }
  if (tpOn && !reduceOnly) rows.push([t('contract.form.takeProfit'), tp.trim()]);
  if (slOn && !reduceOnly) rows.push([t('contract.form.stopLoss'), sl.trim()]);
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
function VerifyPrompt() {
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
