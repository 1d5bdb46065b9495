import type { DepositAccount, DepositMethod } from '@bourse/protocol';
import { AccountModeMark, MoneyField } from '#entities/balance';
import { formatAmount, useNumberStyle } from '#shared/format';
import { PATHS } from '#shared/routing';
import { $accountType } from '#shared/session';
import { Page } from '#shared/ui';
import { CardForm, FormItem, messageIdOf, useFocusFirstInvalid } from '#shared/ui/form';
import { LoadError, LoadingSkeleton } from '#shared/ui/states';
import Button from 'antd-mobile/es/components/button';
import Skeleton from 'antd-mobile/es/components/skeleton';
import Decimal from 'decimal.js';
import { useGate, useUnit } from 'effector-react';
import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  $amount,
  $currency,
  $errors,
  $formError,
  $info,
  $infoView,
  $method,
  $network,
  $proof,
  $proofBusy,
  $submitting,
  $txHash,
  amountChanged,
  copyClicked,
  currencyChanged,
  infoRetried,
  METHODS,
  methodChanged,
  type Network,
  networkChanged,
  NETWORKS,
  proofRemoved,
  proofSelected,
  RechargeGate,
  submitClicked,
  txHashChanged,
} from '../model/recharge.ts';
import { $toppingUp, $topUpErrors, topUpClicked } from '../model/demo-top-up.ts';
import { DemoTopUp } from './demo-top-up.tsx';
import styles from './recharge-page.module.css';

const QrCode = lazy(() => import('#shared/ui/qr').then((module) => ({ default: module.QrCode })));

export function RechargePage() {
  const { t } = useTranslation();
  useGate(RechargeGate, {});
  const [mode, view, submitting, submit, errors] = useUnit([
    $accountType,
    $infoView,
    $submitting,
    submitClicked,
    $errors,
  ]);
  const [toppingUp, topUp, topUpErrors] = useUnit([$toppingUp, topUpClicked, $topUpErrors]);
  useFocusFirstInvalid(mode === 'demo' ? topUpErrors : errors);
  return (
    <Page
      title={t('funds.deposit.title')}
      back={PATHS.assets}
      extra={
        <Link to={PATHS.rechargeLog} className={styles.headerLink}>
          {t('funds.assets.records')}
        </Link>
      }
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
      <div className={styles.mode}>
        <AccountModeMark />
      </div>
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

/** A choice of a few, as radio buttons drawn as a segmented control. */
function Segmented<Value extends string>({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  options: readonly { value: Value; label: string }[];
  value: Value;
  onChange: (value: Value) => void;
}) {
  const name = useId();
  return (
    <fieldset className={styles.segmented}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.segments}>
        {options.map((option) => (
          <label
            key={option.value}
            className={`${styles.segment} ${option.value === value ? styles.checked : ''}`}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => {
                onChange(option.value);
              }}
              className="visually-hidden"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
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

function WalletCard({ wallet }: { wallet: NonNullable<DepositAccount['wallet']> }) {
  const { t } = useTranslation();
  const copy = useUnit(copyClicked);
  return (
    <section className={`${styles.card} ${styles.center}`} aria-label={t('funds.deposit.address')}>
      <Suspense fallback={<Skeleton animated className={styles.skeletonSquare} />}>
        <QrCode
          value={wallet.address}
          label={t('funds.deposit.qrLabel', { network: wallet.network })}
        />
      </Suspense>
      <p className={styles.cardTitle}>
        {t('funds.deposit.addressOf', { network: wallet.network })}
      </p>
      <p className={`num ${styles.address}`}>{wallet.address}</p>
      <Button
        color="primary"
        fill="outline"
        size="small"
        onClick={() => {
          copy(wallet.address);
        }}
      >
        {t('funds.deposit.copyAddress')}
      </Button>
      <p className={styles.muted}>
        {t('funds.deposit.networkWarning', { network: wallet.network })}
      </p>
    </section>
  );
}

function BankCard({ bank }: { bank: NonNullable<DepositAccount['bank']> }) {
  const { t } = useTranslation();
  const copy = useUnit(copyClicked);
  const rows = [
    { key: 'bankName', value: bank.bank_name },
    { key: 'accountNo', value: bank.account_no },
    { key: 'holder', value: bank.holder_name },
    { key: 'branch', value: bank.branch },
    { key: 'swift', value: bank.swift_code },
    { key: 'reference', value: bank.reference },
  ] as const;
  return (
    <section className={styles.card} aria-label={t('funds.deposit.bankTitle')}>
      <h2 className={styles.cardTitle}>{t('funds.deposit.bankTitle')}</h2>
      <dl className={styles.bank}>
        {rows
          .filter((row) => row.value !== '')
          .map((row) => (
            <div key={row.key} className={styles.bankRow}>
              <dt>{t(`funds.deposit.bank.${row.key}`)}</dt>
              <dd>
                <button
                  type="button"
                  className={styles.copy}
                  onClick={() => {
                    copy(row.value);
                  }}
                  aria-label={t('funds.deposit.copyValue', {
                    label: t(`funds.deposit.bank.${row.key}`),
                    value: row.value,
                  })}
                >
                  <span className="num">{row.value}</span>
                </button>
              </dd>
            </div>
          ))}
      </dl>
      <p className={styles.muted}>{t('funds.deposit.referenceHint')}</p>
    </section>
  );
}

function DepositForm({ info }: { info: DepositAccount }) {
  const { t } = useTranslation();
  const numbers = useNumberStyle();
  const [method, amount, currency, txHash, errors, formError, submit] = useUnit([
    $method,
    $amount,
    $currency,
    $txHash,
    $errors,
    $formError,
    submitClicked,
  ]);
  const [changeAmount, changeCurrency, changeHash] = useUnit([
    amountChanged,
    currencyChanged,
    txHashChanged,
  ]);
  const currencyId = useId();
  const rate = info.currencies.find((one) => one.code === currency)?.rate ?? '1';
  const equivalent = equivalentOf(amount, currency, rate, numbers);
  return (
    <>
      <CardForm onSubmit={submit}>
        <MoneyField
          label={t('funds.deposit.amount')}
          value={amount}
          onChange={changeAmount}
          error={errors.amount}
          hint={
            <>
              {t('funds.deposit.bounds', {
                min: formatAmount(info.min_amount, 2, numbers),
                max: formatAmount(info.max_amount, 2, numbers),
              })}
              {equivalent === null ? null : (
                <>
                  {' · '}
                  {t('funds.deposit.equivalent', { amount: equivalent, currency })}
                </>
              )}
            </>
          }
        />
        {info.currencies.length > 1 ? (
          <FormItem label={t('funds.deposit.currency')} htmlFor={currencyId}>
            <select
              id={currencyId}
              className={styles.select}
              value={currency}
              onChange={(event) => {
                changeCurrency(event.target.value);
              }}
            >
              {info.currencies.map((one) => (
                <option key={one.code} value={one.code}>
                  {one.code}
                </option>
              ))}
            </select>
          </FormItem>
        ) : null}
        {method === 'usdt' ? (
          <MoneyField
            label={t('funds.deposit.txHash')}
            value={txHash}
            onChange={changeHash}
            error={errors.txHash}
            hint={t('funds.deposit.txHashHint')}
            inputMode="text"
          />
        ) : (
          <ProofField />
        )}
      </CardForm>
      {formError === null ? null : (
        <p role="alert" className={styles.formError}>
          {formError}
        </p>
      )}
    </>
  );
}

/** What the entered USDT amount comes to in the currency paid in; null when nothing to say. */
function equivalentOf(
  amount: string,
  currency: string,
  rate: string,
  numbers: ReturnType<typeof useNumberStyle>,
): string | null {
  if (currency === 'USDT' || !/^\d+(\.\d+)?$/.test(amount.trim())) return null;
  return formatAmount(new Decimal(amount.trim()).mul(rate), 2, numbers);
}

function ProofField() {
  const { t } = useTranslation();
  const [proof, busy, errors, select, remove] = useUnit([
    $proof,
    $proofBusy,
    $errors,
    proofSelected,
    proofRemoved,
  ]);
  const id = useId();
  const messageId = messageIdOf(id);
  const error = errors.proof;
  return (
    <FormItem
      label={t('funds.deposit.proof')}
      htmlFor={id}
      description={
        error ? (
          <div id={messageId} role="alert" className={styles.fieldError}>
            {'key' in error ? t(error.key) : error.text}
          </div>
        ) : (
          <div id={messageId} className={styles.muted}>
            {t('funds.deposit.proofHint')}
          </div>
        )
      }
    >
      <div className={styles.proof}>
        {proof === null ? null : (
          <img src={proof} alt={t('funds.deposit.proofPreview')} className={styles.preview} />
        )}
        {/* The app's own control around the browser's file input, which stays the focusable,
            labelled element (Tab reaches it, Enter or Space opens the picker). */}
        <label className={`${styles.pick} ${error ? styles.pickInvalid : ''}`}>
          <span aria-hidden="true">
            {t(
              busy
                ? 'funds.deposit.proofBusy'
                : proof === null
                  ? 'funds.deposit.proofPick'
                  : 'funds.deposit.proofChange',
            )}
          </span>
          <input
            id={id}
            type="file"
            accept="image/*"
            aria-describedby={messageId}
            aria-invalid={error ? true : undefined}
            disabled={busy}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) select(file);
              event.target.value = '';
            }}
          />
        </label>
        {proof === null ? null : (
          <Button
            size="small"
            fill="none"
            color="danger"
            onClick={() => {
              remove();
            }}
          >
            {t('funds.deposit.proofRemove')}
          </Button>
        )}
      </div>
    </FormItem>
  );
}
