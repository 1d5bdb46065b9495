import { MoneyField } from '#entities/balance';
import { formatAmount, useNumberStyle } from '#shared/format';
import { PATHS } from '#shared/routing';
import { CardForm } from '#shared/ui/form';
import { LoadError } from '#shared/ui/states';
import { useGate, useUnit } from 'effector-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  $limits,
  $limitsFailed,
  $topUpAmount,
  $topUpErrors,
  $topUpFormError,
  DemoTopUpGate,
  limitsRetried,
  topUpAmountChanged,
  topUpClicked,
} from '../model/demo-top-up.ts';
import styles from './recharge-page.module.css';

/**
 * Deposit on the demo account: play money at once, within the limits; it says so, and where real
 * deposits are made. The page's footer button sends it.
 */
export function DemoTopUp() {
  const { t } = useTranslation();
  const numbers = useNumberStyle();
  useGate(DemoTopUpGate, {});
  const [limits, failed, amount, errors, formError, change, submit, retry] = useUnit([
    $limits,
    $limitsFailed,
    $topUpAmount,
    $topUpErrors,
    $topUpFormError,
    topUpAmountChanged,
    topUpClicked,
    limitsRetried,
  ]);
  return (
    <>
      <section className={styles.card}>
        <h2 className={styles.cardTitle}>{t('funds.deposit.demoTitle')}</h2>
        <p className={styles.muted}>{t('funds.deposit.demoHint')}</p>
        <Link to={PATHS.user} className={styles.switchLink}>
          {t('funds.deposit.demoSwitch')}
        </Link>
      </section>
      {failed ? (
        <LoadError
          title={t('funds.deposit.demoLimitsFailed')}
          hint={t('errors.pageLoadHint')}
          onRetry={retry}
          className={styles.error}
          compact
        />
      ) : null}
      <CardForm onSubmit={submit}>
        <MoneyField
          label={t('funds.deposit.amount')}
          value={amount}
          onChange={change}
          error={errors.amount}
          hint={
            limits === null
              ? undefined
              : t('funds.deposit.bounds', {
                  min: formatAmount(limits.min, 2, numbers),
                  max: formatAmount(limits.max, 2, numbers),
                })
          }
        />
      </CardForm>
      {formError === null ? null : (
        <p role="alert" className={styles.formError}>
          {formError}
        </p>
      )}
    </>
  );
}
