import type { DepositAccount } from '@bourse/protocol';
import { MoneyField } from '#entities/balance';
import { formatAmount, useNumberStyle } from '#shared/format';
import { CardForm, FormItem, messageIdOf, Select } from '#shared/ui/form';
import Button from 'antd-mobile/es/components/button';
import { useUnit } from 'effector-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  $amount,
  $currency,
  $equivalent,
  $errors,
  $formError,
  $method,
  $proof,
  $proofBusy,
  $txHash,
  amountChanged,
  currencyChanged,
  proofRemoved,
  proofSelected,
  submitClicked,
  txHashChanged,
} from '../model/recharge.ts';
import styles from './recharge-page.module.css';

/** What was sent: the amount (and the currency paid in), the transaction hash or the proof. */
export function DepositForm({ info }: { info: DepositAccount }) {
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
  const equivalent = useUnit($equivalent);
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
                  {t('funds.deposit.equivalent', {
                    amount: formatAmount(equivalent, 2, numbers),
                    currency,
                  })}
                </>
              )}
            </>
          }
        />
        {info.currencies.length > 1 ? (
          <FormItem label={t('funds.deposit.currency')} htmlFor={currencyId}>
            <Select
              id={currencyId}
              value={currency}
              options={info.currencies.map((one) => ({ value: one.code, label: one.code }))}
              onChange={changeCurrency}
            />
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

/** The bank slip: picked, compressed, previewed, removable. */
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
