import type { DepositMethod } from '@bourse/protocol';
import { AccountModeMark, MoneyField } from '#entities/balance';
import { formatAmount, useNumberStyle } from '#shared/format';
import { isRouteAvailable, PATHS } from '#shared/routing';
import { HeaderLink, Page } from '#shared/ui';
import { CardForm, useFocusFirstInvalid } from '#shared/ui/form';
import { LoadError, LoadingSkeleton } from '#shared/ui/states';
import Button from 'antd-mobile/es/components/button';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useGate, useUnit } from 'effector-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  $amount,
  $cashInfo,
  $errors,
  $formError,
  $password,
  $quote,
  $submitting,
  $target,
  $view,
  allClicked,
  amountChanged,
  type CashInfo,
  infoRetried,
  passwordChanged,
  submitClicked,
  targetChanged,
  targetsOf,
  WithdrawGate,
} from '../model/withdraw.ts';
import { useKept } from '#shared/lib';
import styles from './withdraw-page.module.css';

// on the demo account only: a real account's withdrawal does not load the switch
const SwitchAccountButton = lazy(() =>
  import('#features/switch-account').then((module) => ({ default: module.SwitchAccountButton })),
);

export function WithdrawPage() {
  const { t } = useTranslation();
  useGate(WithdrawGate, {});
  const [submitting, submit, errors] = useUnit([$submitting, submitClicked, $errors]);
  // (on demo, the screen says so: the mode is the device's, known once hydrated)
  const view = useKept($view);
  useFocusFirstInvalid(errors);
  return (
    <Page
      title={t('funds.withdraw.title')}
      back={PATHS.assets}
      extra={<HeaderLink to={PATHS.withdrawLog}>{t('funds.assets.records')}</HeaderLink>}
      footer={
        view === 'form' ? (
          <Button block color="primary" size="large" loading={submitting} onClick={submit}>
            {t('funds.withdraw.submit')}
          </Button>
        ) : undefined
      }
    >
      <AccountModeMark placement="corner" />
      {view === 'loading' ? (
        <LoadingSkeleton className={styles.card}>
          <Skeleton animated className={styles.skeletonLine} />
          <Skeleton animated className={styles.skeletonLine} />
        </LoadingSkeleton>
      ) : null}
      {view === 'error' ? <InfoError /> : null}
      {view === 'demo' ? (
        <section className={styles.card}>
          <h2 className={styles.cardTitle}>{t('funds.withdraw.demoTitle')}</h2>
          <p className={styles.muted}>{t('funds.withdraw.demoHint')}</p>
          <Suspense fallback={null}>
            <SwitchAccountButton>{t('funds.withdraw.demoAction')}</SwitchAccountButton>
          </Suspense>
        </section>
      ) : null}
      {view === 'unverified' ? (
        <Blocked
          title={t('funds.withdraw.verifyTitle')}
          hint={t('funds.withdraw.verifyHint')}
          to={PATHS.verified}
          action={t('funds.withdraw.verifyAction')}
        />
      ) : null}
      {view === 'pending' ? (
        <Blocked
          title={t('funds.withdraw.pendingTitle')}
          hint={t('funds.withdraw.pendingHint')}
          to={PATHS.verified}
          action={t('funds.withdraw.pendingAction')}
        />
      ) : null}
      {view === 'rejected' ? (
        <Blocked
          title={t('funds.withdraw.rejectedTitle')}
          hint={t('funds.withdraw.rejectedHint')}
          to={PATHS.verified}
          action={t('funds.withdraw.rejectedAction')}
        />
      ) : null}
      {view === 'unbound' ? (
        <Blocked
          title={t('funds.withdraw.bindTitle')}
          hint={t('funds.withdraw.bindHint')}
          to={PATHS.bind}
          action={t('funds.withdraw.bindAction')}
        />
      ) : null}
      {view === 'form' ? <WithdrawForm /> : null}
    </Page>
  );
}

/** What stands in the way, and the screen that removes it (once that screen exists). */
function Blocked({
  title,
  hint,
  to,
  action,
}: {
  title: string;
  hint: string;
  to: string;
  action: string;
}) {
  return (
    <section className={styles.card}>
      <h2 className={styles.cardTitle}>{title}</h2>
      <p className={styles.muted}>{hint}</p>
      {isRouteAvailable(to) ? (
        <Link to={to} className={styles.action}>
          {action}
        </Link>
      ) : null}
    </section>
  );
}

function InfoError() {
  const { t } = useTranslation();
  const retry = useUnit(infoRetried);
  return (
    <LoadError
      title={t('funds.withdraw.loadFailed')}
      hint={t('errors.pageLoadHint')}
      onRetry={retry}
      className={styles.error}
      compact
    />
  );
}

function WithdrawForm() {
  const { t } = useTranslation();
  const numbers = useNumberStyle();
  const [info, amount, password, errors, quote, formError, submit] = useUnit([
    $cashInfo,
    $amount,
    $password,
    $errors,
    $quote,
    $formError,
    submitClicked,
  ]);
  const [changeAmount, all, changePassword] = useUnit([amountChanged, allClicked, passwordChanged]);
  if (info === null) return null;
  return (
    <>
      <Targets info={info} />
      <CardForm onSubmit={submit}>
        <MoneyField
          label={t('funds.withdraw.amount')}
          value={amount}
          onChange={changeAmount}
          error={errors.amount}
          hint={
            <>
              {t('funds.availableAmount', { amount: formatAmount(info.available, 2, numbers) })}
              {' · '}
              {t('funds.deposit.bounds', {
                min: formatAmount(info.min_amount, 2, numbers),
                max: formatAmount(info.max_amount, 2, numbers),
              })}
            </>
          }
          extra={
            <Button
              size="small"
              fill="none"
              color="primary"
              onClick={() => {
                all();
              }}
            >
              {t('funds.all')}
            </Button>
          }
        />
        <MoneyField
          label={t('funds.withdraw.password')}
          value={password}
          onChange={changePassword}
          error={errors.password}
          hint={t('funds.withdraw.passwordHint')}
          type="password"
          inputMode="text"
          autoComplete="current-password"
        />
      </CardForm>
      <dl className={styles.quote}>
        <div>
          <dt>{t('funds.withdraw.fee')}</dt>
          <dd className="num">{formatAmount(quote?.fee, 2, numbers)} USDT</dd>
        </div>
        <div>
          <dt>{t('funds.withdraw.received')}</dt>
          <dd className="num">{formatAmount(quote?.received, 2, numbers)} USDT</dd>
        </div>
      </dl>
      {formError === null ? null : (
        <p role="alert" className={styles.formError}>
          {formError}
        </p>
      )}
    </>
  );
}

function Targets({ info }: { info: CashInfo }) {
  const { t } = useTranslation();
  const [target, pick] = useUnit([$target, targetChanged]);
  const describe = (method: DepositMethod): string =>
    method === 'usdt' && info.wallet
      ? `${info.wallet.network} · ${info.wallet.address}`
      : info.bank
        ? `${info.bank.bank_name} · ${info.bank.account_no}`
        : '';
  return (
    <fieldset className={styles.targets}>
      <legend className={styles.legend}>{t('funds.withdraw.target')}</legend>
      {targetsOf(info).map((method) => (
        <label
          key={method}
          className={`${styles.targetOption} ${method === target ? styles.checked : ''}`}
        >
          <input
            type="radio"
            name="withdraw-target"
            value={method}
            checked={method === target}
            onChange={() => {
              pick(method);
            }}
          />
          <span className={styles.targetText}>
            <span className={styles.targetName}>{t(`funds.deposit.methods.${method}`)}</span>
            <span className={`num ${styles.muted}`}>{describe(method)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
