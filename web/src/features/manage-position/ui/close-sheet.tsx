import { MoneyField } from '#entities/balance';
import { formatAmount, localizeDecimal, useNumberStyle } from '#shared/format';
import type { Position } from '@bourse/protocol';
import { useUnit } from 'effector-react';
import { useTranslation } from 'react-i18next';
import {
  $errors,
  $estimate,
  $formError,
  $quantity,
  $submitting,
  CLOSE_SHARES,
  closeSheet,
  quantityChanged,
  shareClicked,
  submitClicked,
} from '../model/close-position.ts';
import { ActionSheet, Figures, toneOf } from './action-sheet.tsx';
import styles from './manage.module.css';

/** Close part (or all) of the position at market: a quantity, or a quick share of it. */
export function CloseSheet({ position }: { position: Position }) {
  const { t } = useTranslation();
  const numbers = useNumberStyle();
  const [shown, quantity, errors, formError, estimate, submitting] = useUnit([
    closeSheet.$position,
    $quantity,
    $errors,
    $formError,
    $estimate,
    $submitting,
  ]);
  const [change, pick, submit, close] = useUnit([
    quantityChanged,
    shareClicked,
    submitClicked,
    closeSheet.dismissed,
  ]);
  const live = shown?.id === position.id ? shown : position;
  return (
    <ActionSheet
      visible={shown?.id === position.id}
      title={t('positionActions.close.title', { symbol: position.symbol })}
      submitText={t('positionActions.close.submit')}
      submitting={submitting}
      danger
      onSubmit={submit}
      onClose={close}
    >
      <MoneyField
        label={t('positionActions.close.quantity')}
        value={quantity}
        onChange={change}
        error={errors.quantity}
        hint={t('positionActions.close.closable', {
          quantity: localizeDecimal(live.closable_quantity, numbers),
        })}
        placeholder={localizeDecimal('0', numbers)}
      />
      <div className={styles.shares} role="group" aria-label={t('positionActions.close.shares')}>
        {CLOSE_SHARES.map((share) => (
          <button
            key={share}
            type="button"
            className={styles.share}
            onClick={() => {
              pick(share);
            }}
          >
            {t('positionActions.close.share', { share })}
          </button>
        ))}
      </div>
      <Figures
        lines={[
          {
            label: t('positionActions.markPrice'),
            value: formatAmount(live.mark_price, 2, numbers),
          },
          {
            label: t('positionActions.close.estimatedPnl'),
            value: estimate === null ? '—' : formatAmount(estimate.pnl, 2, numbers),
            tone: toneOf(estimate?.pnl ?? null),
          },
          {
            label: t('positionActions.close.estimatedFee'),
            value:
              estimate?.fee === null || estimate === null
                ? '—'
                : formatAmount(estimate.fee, 2, numbers),
          },
        ]}
      />
      {formError === null ? null : (
        <p role="alert" className={styles.formError}>
          {formError}
        </p>
      )}
    </ActionSheet>
  );
}
