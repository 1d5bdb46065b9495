import type { DepositMethod } from '@bourse/protocol';
import { AccountModeMark } from '#entities/balance';
import { PATHS } from '#shared/routing';
import { $accountType } from '#shared/session';
import { useKept } from '#shared/lib';
import { HeaderLink, Page } from '#shared/ui';
import { Segmented, useFocusFirstInvalid } from '#shared/ui/form';
import { LoadError, LoadingSkeleton } from '#shared/ui/states';
import Button from 'antd-mobile/es/components/button';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useGate, useUnit } from 'effector-react';
import { useTranslation } from 'react-i18next';
import { $toppingUp, $topUpErrors, topUpClicked } from '../model/demo-top-up.ts';
import {
  $errors,
  $info,
  $infoView,
  $method,
  $network,
  $submitting,
  infoRetried,
  METHODS,
  methodChanged,
  type Network,
  networkChanged,
  NETWORKS,
  RechargeGate,
  submitClicked,
} from '../model/recharge.ts';
import { BankCard, WalletCard } from './deposit-accounts.tsx';
import { DepositForm } from './deposit-form.tsx';
import { DemoTopUp } from './demo-top-up.tsx';
import styles from './recharge-page.module.css';

export function RechargePage() {
  const { t } = useTranslation();
  useGate(RechargeGate, {});
  const [view, submitting, submit, errors] = useUnit([
    $infoView,
    $submitting,
    submitClicked,
    $errors,
  ]);
  const mode = useKept($accountType);
  const [toppingUp, topUp, topUpErrors] = useUnit([$toppingUp, topUpClicked, $topUpErrors]);
  useFocusFirstInvalid(mode === 'demo' ? topUpErrors : errors);
  return (
    <Page
      title={t('funds.deposit.title')}
      back={PATHS.assets}
      extra={<HeaderLink to={PATHS.rechargeLog}>{t('funds.assets.records')}</HeaderLink>}
      footer={
        mode === 'demo' ? (
          <Button block color="warning" size="large" loading={toppingUp} onClick={topUp}>
            {t('funds.deposit.demoSubmit')}
          </Button>
        ) : view === 'ready' ? (
          <Button block color="primary" size="large" loading={submitting} onClick={submit}>
            {t('funds.deposit.submit')}
          </Button>
        ) : undefined
      }
    >
      <AccountModeMark placement="corner" />
      {mode === 'demo' ? <DemoTopUp /> : <RealDeposit />}
    </Page>
  );
}

/** Deposit on the real account: the exclusive account, then the declaration of what was sent. */
function RealDeposit() {
  const view = useUnit($infoView);
  return (
    <>
      <Choices />
      {view === 'loading' ? (
        <LoadingSkeleton className={styles.card}>
          <Skeleton animated className={styles.skeletonSquare} />
          <Skeleton animated className={styles.skeletonLine} />
        </LoadingSkeleton>
      ) : null}
      {view === 'error' ? <InfoError /> : null}
      {view === 'pending' ? <Obtaining /> : null}
      {view === 'ready' ? <Ready /> : null}
    </>
  );
}

function Choices() {
  const { t } = useTranslation();
  const [method, network, pickMethod, pickNetwork] = useUnit([
    $method,
    $network,
    methodChanged,
    networkChanged,
  ]);
  return (
    <div className={styles.choices}>
      <Segmented<DepositMethod>
        legend={t('funds.deposit.method')}
        options={METHODS.map((value) => ({ value, label: t(`funds.deposit.methods.${value}`) }))}
        value={method}
        onChange={pickMethod}
      />
      {method === 'usdt' ? (
        <Segmented<Network>
          legend={t('funds.deposit.network')}
          options={NETWORKS.map((value) => ({ value, label: value }))}
          value={network}
          onChange={pickNetwork}
        />
      ) : null}
    </div>
  );
}

function InfoError() {
  const { t } = useTranslation();
  const retry = useUnit(infoRetried);
  return (
    <LoadError
      title={t('funds.deposit.loadFailed')}
      hint={t('errors.pageLoadHint')}
      onRetry={retry}
      className={styles.error}
      compact
    />
  );
}

/** SPEC.md §4: the exclusive deposit account is first being obtained; an e-mail follows. */
function Obtaining() {
  const { t } = useTranslation();
  const retry = useUnit(infoRetried);
  return (
    <section className={styles.card} aria-live="polite">
      <h2 className={styles.cardTitle}>{t('funds.deposit.obtainingTitle')}</h2>
      <p className={styles.muted}>{t('funds.deposit.obtainingHint')}</p>
      <Button
        fill="outline"
        color="primary"
        size="small"
        onClick={() => {
          retry();
        }}
      >
        {t('common.list.checkAgain')}
      </Button>
    </section>
  );
}

function Ready() {
  const info = useUnit($info);
  if (info === null) return null;
  return (
    <>
      {info.wallet ? <WalletCard wallet={info.wallet} /> : null}
      {info.bank ? <BankCard bank={info.bank} /> : null}
      <DepositForm info={info} />
    </>
  );
}
