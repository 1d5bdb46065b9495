import { MoneyField } from '#entities/balance';
import { formatAmount, localizeDecimal, useNumberStyle } from '#shared/format';
import Switch from 'antd-mobile/es/components/switch';
import { useGate, useUnit } from 'effector-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  $autoAdd,
  $autoMarginOn,
  $depositRate,
  $enabled,
  $errors,
  $example,
  $formError,
  $sheetOpen,
  $submitting,
  autoAddChanged,
  AutoMarginGate,
  autoMarginDismissed,
  autoMarginOpened,
  depositRateChanged,
  enabledChanged,
  submitClicked,
} from '../model/auto-margin.ts';
import { ActionSheet } from './action-sheet.tsx';
import styles from './manage.module.css';

/** The cell that says whether auto-margin is on, and opens its setting. */
export function AutoMarginEntry() {
  const { t } = useTranslation();
  useGate(AutoMarginGate, {});
  const [on, open] = useUnit([$autoMarginOn, autoMarginOpened]);
  return (
    <>
      <button
        type="button"
        className={styles.entry}
        aria-haspopup="dialog"
        onClick={() => {
          open();
        }}
      >
        <span>{t('positionActions.autoMargin.entry')}</span>
        <span className={styles.entryState}>
          {on === null
            ? ''
            : t(on ? 'positionActions.autoMargin.on' : 'positionActions.autoMargin.off')}
        </span>
      </button>
      <AutoMarginSheet />
    </>
  );
}

function AutoMarginSheet() {
  const { t } = useTranslation();
  const switchLabelId = useId();
  const numbers = useNumberStyle();
  const [visible, enabled, depositRate, autoAdd, errors, formError, example, submitting] = useUnit([
    $sheetOpen,
    $enabled,
    $depositRate,
    $autoAdd,
    $errors,
    $formError,
    $example,
    $submitting,
  ]);
  const [toggle, changeDepositRate, changeAutoAdd, submit, close] = useUnit([
    enabledChanged,
    depositRateChanged,
    autoAddChanged,
    submitClicked,
    autoMarginDismissed,
  ]);
  return (
    <ActionSheet
      visible={visible}
      title={t('positionActions.autoMargin.title')}
      submitText={t('positionActions.autoMargin.submit')}
      submitting={submitting}
      onSubmit={submit}
      onClose={close}
    >
      <div className={styles.switchRow}>
        <span id={switchLabelId}>{t('positionActions.autoMargin.switch')}</span>
        <Switch
          checked={enabled}
          onChange={(checked) => {
            toggle(checked);
          }}
          aria-labelledby={switchLabelId}
        />
      </div>
      <MoneyField
        label={t('positionActions.autoMargin.depositRate')}
        value={depositRate}
        onChange={changeDepositRate}
        error={errors.depositRate}
        hint={t('positionActions.autoMargin.depositRateHint')}
        placeholder={localizeDecimal('50', numbers)}
      />
      <MoneyField
        label={t('positionActions.autoMargin.autoAdd')}
        value={autoAdd}
        onChange={changeAutoAdd}
        error={errors.autoAdd}
        hint={t('positionActions.autoMargin.autoAddHint')}
        placeholder={localizeDecimal('25', numbers)}
      />
      <p className={styles.explain}>{t('positionActions.autoMargin.explain')}</p>
      {example === null ? null : (
        <p className={styles.explain}>
          {t('positionActions.autoMargin.example', {
            margin: formatAmount(example.margin, 2, numbers),
            loss: formatAmount(example.loss, 2, numbers),
            added: formatAmount(example.added, 2, numbers),
          })}
        </p>
      )}
      {formError === null ? null : (
        <p role="alert" className={styles.formError}>
          {formError}
        </p>
      )}
    </ActionSheet>
  );
}
