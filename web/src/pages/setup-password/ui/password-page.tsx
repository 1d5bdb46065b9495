import { PATHS } from '#shared/routing';
import { LineIcon, Page } from '#shared/ui';
import { CardForm, FieldInput, FormItem, messageIdOf, useFocusFirstInvalid } from '#shared/ui/form';
import Button from 'antd-mobile/es/components/button';
import { useGate, useStoreMap, useUnit } from 'effector-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { FormMessage } from '#shared/api';
import {
  $errors,
  $saving,
  $values,
  fieldChanged,
  PasswordPageGate,
  submitted,
  type PasswordField,
} from '../model/model.ts';
import styles from './password-page.module.css';

const FIELDS: readonly {
  field: PasswordField;
  autoComplete: 'current-password' | 'new-password';
}[] = [
  { field: 'current', autoComplete: 'current-password' },
  { field: 'next', autoComplete: 'new-password' },
  { field: 'confirm', autoComplete: 'new-password' },
];

export function PasswordPage() {
  const { t } = useTranslation();
  useGate(PasswordPageGate, {});
  const [errors, saving, submit] = useUnit([$errors, $saving, submitted]);
  useFocusFirstInvalid(errors);

  return (
    <Page
      title={t('setupPassword.title')}
      back={PATHS.setup}
      footer={
        <Button block color="primary" size="large" loading={saving} onClick={submit}>
          {t('setupPassword.submit')}
        </Button>
      }
    >
      <CardForm onSubmit={submit}>
        {FIELDS.map(({ field, autoComplete }) => (
          <PasswordRow
            key={field}
            field={field}
            autoComplete={autoComplete}
            error={errors[field]}
          />
        ))}
      </CardForm>
      {errors.form ? (
        <div role="alert" className={styles.error}>
          {'key' in errors.form ? t(errors.form.key) : errors.form.text}
        </div>
      ) : null}
      <p className={styles.note}>{t('setupPassword.note')}</p>
      <Link to={PATHS.forget} className={styles.forgot}>
        {t('setupPassword.forgot')}
      </Link>
    </Page>
  );
}

function PasswordRow({
  field,
  autoComplete,
  error,
}: {
  field: PasswordField;
  autoComplete: 'current-password' | 'new-password';
  error: FormMessage | undefined;
}) {
  const { t } = useTranslation();
  const value = useStoreMap({
    store: $values,
    keys: [field],
    fn: (values, [name]) => values[name],
  });
  const change = useUnit(fieldChanged);
  const [shown, setShown] = useState(false);
  const id = useId();
  const messageId = messageIdOf(id);
  const hint = field === 'next';
  const label = t(`setupPassword.${field}`);
  return (
    <FormItem
      label={label}
      htmlFor={id}
      extra={
        <button
          type="button"
          className={styles.eye}
          aria-pressed={shown}
          aria-label={t(shown ? 'setupPassword.hide' : 'setupPassword.show', { field: label })}
          onClick={() => {
            setShown((was) => !was);
          }}
        >
          <EyeIcon open={shown} />
        </button>
      }
      description={
        error ? (
          <div id={messageId} role="alert" className={styles.fieldError}>
            {'key' in error ? t(error.key) : error.text}
          </div>
        ) : hint ? (
          <span id={messageId} className={styles.hint}>
            {t('validation.password')}
          </span>
        ) : null
      }
    >
      <FieldInput
        invalid={Boolean(error)}
        describedBy={error || hint ? messageId : undefined}
        type={shown ? 'text' : 'password'}
        autoComplete={autoComplete}
        value={value}
        onChange={(next) => {
          change({ field, value: next });
        }}
        placeholder={t(`setupPassword.${field}Placeholder`)}
        id={id}
        aria-label={label}
      />
    </FormItem>
  );
}

function EyeIcon({ open }: { open: boolean }) {
  return (
    <LineIcon
      d={
        open
          ? 'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12zM12 9a3 3 0 100 6 3 3 0 000-6z'
          : 'M3 3l18 18M10.6 6.1A10 10 0 0112 6c6.5 0 10 6 10 6a17 17 0 01-3.2 3.9M6.6 6.6C3.9 8.3 2 12 2 12s3.5 6 10 6a9.6 9.6 0 004.4-1M9.9 9.9a3 3 0 004.2 4.2'
      }
    />
  );
}
