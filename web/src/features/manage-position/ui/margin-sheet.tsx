import { MoneyField } from '#entities/balance';
import { formatAmount, formatLimit, localizeDecimal, useNumberStyle } from '#shared/format';
import type { Position } from '@bourse/protocol';
import Button from 'antd-mobile/es/components/button';
import { useUnit } from 'effector-react';
import { useTranslation } from 'react-i18next';
import {
  $action,
  $amount,
  $errors,
  $formError,
  $limitOffer,
  $max,
  $newLiquidationPrice,
  $overAvailable,
  $submitting,
  actionChanged,
  amountChanged,
  limitTaken,
  marginSheet,
  maxClicked,
  submitClicked,
  type MarginAction,
} from '../model/margin.ts';
import { ActionSheet, Figures } from './action-sheet.tsx';
import styles from './manage.module.css';

const ACTIONS: readonly MarginAction[] = ['add', 'reduce'];

/** Add margin from the contract account, or take some back, up to the maximum. */
export function MarginSheet({ position }: { position: Position }) {
  const { t } = useTranslation();
  const numbers = useNumberStyle();
  const [shown, action, amount, errors, formError, max, newLiquidation, submitting] = useUnit([
    marginSheet.$position,
    $action,
    $amount,
    $errors,
    $formError,
    $max,
    $newLiquidationPrice,
    $submitting,
  ]);
  const [overAvailable, limitOffer] = useUnit([$overAvailable, $limitOffer]);
  const [pickAction, change, takeMax, takeLimit, submit, close] = useUnit([
    actionChanged,
    amountChanged,
    maxClicked,
    limitTaken,
    submitClicked,
    marginSheet.dismissed,
  ]);
  const live = shown?.id === position.id ? shown : position;
  return (
    <ActionSheet
      visible={shown?.id === position.id}
      title={t('positionActions.margin.title', { symbol: position.symbol })}
      submitText={t(`positionActions.margin.submit.${action}`)}
      submitting={submitting}
      onSubmit={submit}
      onClose={close}
    >
      <div className={styles.segments} role="group" aria-label={t('positionActions.margin.action')}>
        {ACTIONS.map((choice) => (
          <button
            key={choice}
            type="button"
            className={styles.segment}
            aria-pressed={choice === action}
            onClick={() => {
              pickAction(choice);
            }}
          >
            {t(`positionActions.margin.actions.${choice}`)}
          </button>
        ))}
      </div>
      <MoneyField
        label={t('positionActions.margin.amount')}
        value={amount}
        onChange={change}
        error={
          errors.amount ??
          (overAvailable ? { key: 'positionActions.margin.errors.overAvailable' } : undefined)
        }
        hint={
          max === null
            ? null
            : t(`positionActions.margin.max.${action}`, { amount: formatLimit(max, 2, numbers) })
        }
        extra={
          <Button
            size="small"
            fill="none"
            color="primary"
            disabled={max === null}
            onClick={() => {
              takeMax();
            }}
          >
            {t('positionActions.margin.useMax')}
          </Button>
        }
      />
      {limitOffer === null ? null : (
        <Button
          size="small"
          fill="outline"
          color="primary"
          onClick={() => {
            takeLimit();
          }}
        >
          {t('positionActions.margin.useLimit', { amount: localizeDecimal(limitOffer, numbers) })}
        </Button>
      )}
      <Figures
        lines={[
          {
            label: t('positionActions.margin.current'),
            value: formatAmount(live.margin, 2, numbers),
          },
          {
            label: t('positionActions.liquidationPrice'),
            value: formatAmount(live.liquidation_price, 2, numbers),
          },
          {
            label: t('positionActions.margin.newLiquidationPrice'),
            value: newLiquidation === null ? '—' : formatAmount(newLiquidation, 2, numbers),
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
