import { BindRuleNotice } from '#entities/viewer';
import { PATHS } from '#shared/routing';
import { Page } from '#shared/ui';
import { CardForm, FieldInput, FormItem, messageIdOf, useFocusFirstInvalid } from '#shared/ui/form';
import Button from 'antd-mobile/es/components/button';
import { useGate, useUnit } from 'effector-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  $errors,
  $identityStatus,
  $form,
  $formError,
  $submitting,
  BANK_FIELDS,
  BindBankGate,
  fieldChanged,
  submitted,
  type BankField,
} from '../model/model.ts';
import styles from './bind-bank-page.module.css';

const AUTOCOMPLETE: Readonly<Record<BankField, string>> = {
  bank_name: 'off',
  account_no: 'off',
  holder_name: 'name',
  branch: 'off',
  swift_code: 'off',
};

export function BindBankPage() {
  const { t } = useTranslation();
  useGate(BindBankGate, {});
  const identity = useUnit($identityStatus);
  // One rule for a bank and a wallet, said before the user types: bound once verified.
  if (identity !== null && identity !== 'verified') {
    return (
      <Page title={t('bindBank.title')} back={PATHS.bind}>
        <BindRuleNotice status={identity} target="bank" />
      </Page>
    );
  }
  return <BindBankPageForm />;
}

function BindBankPageForm() {
  const { t } = useTranslation();
  const [formError, submitting, submit] = useUnit([$formError, $submitting, submitted]);
  useFocusFirstInvalid(useUnit($errors));

  return (
    <Page
      title={t('bindBank.title')}
      back={PATHS.bind}
      footer={
        <Button block color="primary" size="large" loading={submitting} onClick={submit}>
          {t('bindBank.submit')}
        </Button>
      }
    >
      <p className={styles.hint}>{t('bindBank.holderRule')}</p>
      <CardForm onSubmit={submit}>
        {BANK_FIELDS.map((field) => (
          <BankInput key={field} field={field} />
        ))}
      </CardForm>
      {formError ? (
        <p role="alert" className={styles.error}>
          {formError}
        </p>
      ) : null}
    </Page>
  );
}

function BankInput({ field }: { field: BankField }) {
  const { t } = useTranslation();
  const [form, errors, change] = useUnit([$form, $errors, fieldChanged]);
  const id = useId();
  const messageId = messageIdOf(id);
  const error = errors[field];
  const label = t(`bindBank.fields.${field}`);
  return (
    <FormItem
      label={label}
      htmlFor={id}
      description={
        error ? (
          <div id={messageId} role="alert" className={styles.error}>
            {'key' in error ? t(error.key) : error.text}
          </div>
        ) : undefined
      }
    >
      <FieldInput
        invalid={Boolean(error)}
        describedBy={error ? messageId : undefined}
        value={form[field]}
        onChange={(value) => {
          change({ field, value });
        }}
        clearable
        autoComplete={AUTOCOMPLETE[field]}
        placeholder={t(`bindBank.placeholders.${field}`)}
        id={id}
        aria-label={label}
      />
    </FormItem>
  );
}
