import {
  $balancesView,
  ACCOUNT_KINDS,
  AccountModeMark,
  BalancesLoadError,
  BalancesGate,
  MoneyField,
  type AccountKind,
} from '#entities/balance';
import { formatAmount, useNumberStyle } from '#shared/format';
import { PATHS } from '#shared/routing';
import { HeaderLink, LineIcon, Page } from '#shared/ui';
import { CardForm, Select, useFocusFirstInvalid } from '#shared/ui/form';
import Button from 'antd-mobile/es/components/button';
import { useGate, useUnit } from 'effector-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  $amount,
  $available,
  $errors,
  $formError,
  $from,
  $submitting,
  $to,
  allClicked,
  amountChanged,
  fromChanged,
  submitClicked,
  swapped,
  toChanged,
  TransferGate,
} from '../model/transfer.ts';
import styles from './transfer-page.module.css';

/** Moves USDT between the fund, contract and options accounts of the current mode. */
export function TransferPage() {
  const { t } = useTranslation();
  useGate(BalancesGate, {});
  useGate(TransferGate, {});
  const [view, submitting, submit, formError, errors] = useUnit([
    $balancesView,
    $submitting,
    submitClicked,
    $formError,
    $errors,
  ]);
  useFocusFirstInvalid(errors);
  return (
    <Page
      title={t('funds.transfer.title')}
      back={PATHS.assets}
      extra={<HeaderLink to={PATHS.transferLog}>{t('funds.transfer.records')}</HeaderLink>}
      footer={
        <Button block color="primary" size="large" loading={submitting} onClick={submit}>
          {t('funds.transfer.submit')}
        </Button>
      }
    >
      <AccountModeMark placement="corner" />
      {view === 'error' ? <BalancesLoadError className={styles.error} /> : null}
      <CardForm onSubmit={submit}>
        <Accounts />
        <AmountRow />
      </CardForm>
      {formError === null ? null : (
        <p role="alert" className={styles.formError}>
          {formError}
        </p>
      )}
    </Page>
  );
}

function Accounts() {
  const { t } = useTranslation();
  const [from, to, pickFrom, pickTo, swap] = useUnit([$from, $to, fromChanged, toChanged, swapped]);
  return (
    <div className={styles.accounts}>
      <AccountSelect label={t('funds.transfer.from')} value={from} onChange={pickFrom} />
      <button
        type="button"
        className={styles.swap}
        onClick={() => {
          swap();
        }}
        aria-label={t('funds.transfer.swap')}
      >
        <LineIcon d="M7 4v16l-3-3M17 20V4l3 3" />
      </button>
      <AccountSelect label={t('funds.transfer.to')} value={to} onChange={pickTo} />
    </div>
  );
}

function AccountSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: AccountKind;
  onChange: (account: AccountKind) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={styles.account}>
      <label htmlFor={id} className={styles.accountLabel}>
        {label}
      </label>
      <Select
        id={id}
        value={value}
        options={ACCOUNT_KINDS.map((account) => ({
          value: account,
          label: t(`funds.accounts.${account}`),
        }))}
        onChange={onChange}
      />
    </div>
  );
}

function AmountRow() {
  const { t } = useTranslation();
  const numbers = useNumberStyle();
  const [amount, available, errors, change, all] = useUnit([
    $amount,
    $available,
    $errors,
    amountChanged,
    allClicked,
  ]);
  return (
    <MoneyField
      label={t('funds.transfer.amount')}
      value={amount}
      onChange={change}
      error={errors.amount}
      hint={
        available === null
          ? null
          : t('funds.availableAmount', { amount: formatAmount(available, 2, numbers) })
      }
      extra={
        <Button
          size="small"
          fill="none"
          color="primary"
          disabled={available === null}
          onClick={() => {
            all();
          }}
        >
          {t('funds.all')}
        </Button>
      }
    />
  );
}
