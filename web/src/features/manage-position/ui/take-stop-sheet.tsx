import { MoneyField } from '#entities/balance';
import { formatAmount, useNumberStyle } from '#shared/format';
import type { Position } from '@bourse/protocol';
import { useUnit } from 'effector-react';
import { useTranslation } from 'react-i18next';
import {
  $errors,
  $formError,
  $stopLoss,
  $stopLossLimit,
  $stopLossPnl,
  $submitting,
  $takeProfit,
  $takeProfitPnl,
  stopLossChanged,
  submitClicked,
  takeProfitChanged,
  takeStopSheet,
} from '../model/take-stop.ts';
import { ActionSheet, Figures } from './action-sheet.tsx';
import styles from './manage.module.css';

/** The position's take profit and stop loss; an empty field clears it. */
export function TakeStopSheet({ position }: { position: Position }) {
  const { t } = useTranslation();
  const numbers = useNumberStyle();
  const [shown, takeProfit, stopLoss, errors, formError, submitting] = useUnit([
    takeStopSheet.$position,
    $takeProfit,
    $stopLoss,
    $errors,
    $formError,
    $submitting,
  ]);
  const [takeProfitPnl, stopLossPnl, stopLossLimit] = useUnit([
    $takeProfitPnl,
    $stopLossPnl,
    $stopLossLimit,
  ]);
  const [changeTakeProfit, changeStopLoss, submit, close] = useUnit([
    takeProfitChanged,
    stopLossChanged,
    submitClicked,
    takeStopSheet.dismissed,
  ]);
  const live = shown?.id === position.id ? shown : position;
  const pnlHint = (pnl: string | null, fallback: string) =>
    pnl === null
      ? fallback
      : t('positionActions.takeStop.estimatedPnl', { pnl: formatAmount(pnl, 2, numbers) });
  const side = live.direction === 'long' ? 'long' : 'short';
  return (
    <ActionSheet
      visible={shown?.id === position.id}
      title={t('positionActions.takeStop.title', { symbol: position.symbol })}
      submitText={t('positionActions.takeStop.submit')}
      submitting={submitting}
      onSubmit={submit}
      onClose={close}
    >
      <Figures
        lines={[
          {
            label: t('positionActions.markPrice'),
            value: formatAmount(live.mark_price, 2, numbers),
          },
          {
            label: t('positionActions.liquidationPrice'),
            value: formatAmount(live.liquidation_price, 2, numbers),
          },
        ]}
      />
      <MoneyField
        label={t('positionActions.takeStop.takeProfit')}
        value={takeProfit}
        onChange={changeTakeProfit}
        error={errors.takeProfit}
        hint={pnlHint(takeProfitPnl, t(`positionActions.takeStop.takeProfitHint.${side}`))}
        placeholder={t('positionActions.takeStop.unset')}
      />
      <MoneyField
        label={t('positionActions.takeStop.stopLoss')}
        value={stopLoss}
        onChange={changeStopLoss}
        error={errors.stopLoss}
        hint={pnlHint(
          stopLossPnl,
          stopLossLimit === null
            ? t(`positionActions.takeStop.stopLossHint.${side}`)
            : t(`positionActions.takeStop.stopLossLimit.${side}`, {
                price: formatAmount(stopLossLimit, 2, numbers),
              }),
        )}
        placeholder={t('positionActions.takeStop.unset')}
      />
      <p className={styles.explain}>{t('positionActions.takeStop.clearHint')}</p>
      {formError === null ? null : (
        <p role="alert" className={styles.formError}>
          {formError}
        </p>
      )}
    </ActionSheet>
  );
}
