import { formatPrice } from '#entities/market';
import { asPercent, formatAmount, localizeDecimal, useNumberStyle } from '#shared/format';
import { useUnit } from 'effector-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  $errors,
  $maxQuantity,
  $orderPrice,
  $percent,
  $price,
  $quantity,
  $quote,
  $reduceOnly,
  $stopLoss,
  $stopLossOn,
  $takeProfit,
  $takeProfitOn,
  percentPicked,
  priceChanged,
  quantityChanged,
  QUANTITY_STOPS,
  reduceOnlyToggled,
  stopLossChanged,
  stopLossToggled,
  takeProfitChanged,
  takeProfitToggled,
} from '../model/order-form.ts';
import { $symbol } from '../model/page.ts';
import { Entry, Switch } from './order-entry.tsx';
import styles from './contract-page.module.css';

export function PriceField() {
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

export function MarketPrice() {
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

export function QuantityField() {
  const { t } = useTranslation();
  const numbers = useNumberStyle();
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
          aria-valuetext={asPercent(String(percent), numbers)}
          onChange={(event) => {
            pick(Number(event.target.value));
          }}
        />
        <div className={styles.stops} aria-hidden="true">
          {QUANTITY_STOPS.map((stop) => (
            <span key={stop}>{asPercent(String(stop), numbers)}</span>
          ))}
        </div>
        <p className={styles.muted}>
          {t('contract.form.maxQuantity')}{' '}
          <span className="num">{max === null ? '—' : localizeDecimal(max, numbers)}</span>
        </p>
      </div>
    </>
  );
}

export function TakeStopFields() {
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

export function ReduceOnly() {
  const { t } = useTranslation();
  const [on, toggle] = useUnit([$reduceOnly, reduceOnlyToggled]);
  return <Switch label={t('contract.form.reduceOnly')} checked={on} onChange={toggle} />;
}

/** Cost, fee and liquidation price by the shared formulas, before anything is sent. */
export function Quote() {
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
