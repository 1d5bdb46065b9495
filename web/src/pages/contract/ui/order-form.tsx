import { formatAmount, useNumberStyle } from '#shared/format';
import { useFocusFirstInvalid } from '#shared/ui/form';
import type { OrderSide, OrderType } from '@bourse/protocol';
import { useUnit } from 'effector-react';
import { useTranslation } from 'react-i18next';
import {
  $attemptErrors,
  $formError,
  $info,
  $orderType,
  $side,
  orderTypeChanged,
  sideChanged,
} from '../model/order-form.ts';
import { ConfirmOrder, VerifyPrompt } from './order-confirm.tsx';
import {
  MarketPrice,
  PriceField,
  QuantityField,
  Quote,
  ReduceOnly,
  TakeStopFields,
} from './order-fields.tsx';
import { LeverageButton } from './order-leverage.tsx';
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
