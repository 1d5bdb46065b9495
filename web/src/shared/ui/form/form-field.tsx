import Button from 'antd-mobile/es/components/button';
import Form from 'antd-mobile/es/components/form';
import Input from 'antd-mobile/es/components/input';
import { useId, useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormMessage } from '../../api/index.ts';
import styles from './form-field.module.css';

/**
 * A field's label, tied to its input by id. antd-mobile's Form.Item labels only the fields it
 * controls itself, and these are controlled by a model.
 */
export function FieldLabel({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className={styles.label}>
      {children}
    </label>
  );
}

/**
 * A field's message, right under it and announced as it appears: a translation key of our own
 * checks, or the server's own words (already in the app language). Nothing when there is none.
 */
export function FieldMessage({ message }: { message: FormMessage | null | undefined }) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <span role="alert" className={styles.message}>
      {'key' in message ? t(message.key) : message.text}
    </span>
  );
}

/** An input with a button beside it (show the password, send a code). */
export function InputRow({ children }: { children: ReactNode }) {
  return <div className={styles.withButton}>{children}</div>;
}

export interface PasswordInputProps {
  id: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete?: 'new-password' | 'current-password';
  /** the keyboard's action key submits the form; without it, it moves to the next field */
  onEnterPress?: () => void;
}

/** A password, with a button that shows what was typed. */
export function PasswordInput({
  autoComplete = 'new-password',
  onEnterPress,
  ...input
}: PasswordInputProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <InputRow>
      <Input
        {...input}
        className={styles.grow}
        type={shown ? 'text' : 'password'}
        autoComplete={autoComplete}
        enterKeyHint={onEnterPress ? 'go' : 'next'}
        {...(onEnterPress ? { onEnterPress } : {})}
      />
      <Button
        className={styles.eye}
        fill="none"
        aria-label={t(shown ? 'authForm.hidePassword' : 'authForm.showPassword')}
        aria-pressed={shown}
        onClick={() => {
          setShown((value) => !value);
        }}
      >
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
          <path
            d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
          <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
          {shown ? null : (
            <path d="M4 4l16 16" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          )}
        </svg>
      </Button>
    </InputRow>
  );
}

/** An e-mail address, labelled above the input. */
export function EmailField({
  id,
  value,
  onChange,
  error,
  autoComplete,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error: FormMessage | undefined;
  /** 'username' where it names an existing account, 'email' where it makes one */
  autoComplete: 'username' | 'email';
}) {
  const { t } = useTranslation();
  return (
    <Form.Item description={<FieldMessage message={error} />}>
      <FieldLabel htmlFor={id}>{t('authForm.email')}</FieldLabel>
      <Input
        id={id}
        type="email"
        inputMode="email"
        autoComplete={autoComplete}
        enterKeyHint="next"
        clearable
        placeholder={t('authForm.emailPlaceholder')}
        value={value}
        onChange={onChange}
      />
    </Form.Item>
  );
}

/** A password, labelled above the input, with its show/hide button. */
export function PasswordField({
  id,
  label,
  error,
  ...input
}: {
  id: string;
  label: string;
  error: FormMessage | undefined;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete?: 'new-password' | 'current-password';
  /** the keyboard's action key submits the form */
  onEnterPress?: () => void;
}) {
  return (
    <Form.Item description={<FieldMessage message={error} />}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <PasswordInput id={id} {...input} />
    </Form.Item>
  );
}

/**
 * A form of rows on one card (labelled by antd-mobile), sent by the keyboard's action key or by
 * a submit button in `footer`. Its values are the model's: the form keeps none.
 */
export function CardForm({
  onSubmit,
  footer,
  children,
}: {
  onSubmit: () => void;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Form
      layout="vertical"
      mode="card"
      className={styles.cardForm}
      {...(footer === undefined ? {} : { footer })}
      onFinish={() => {
        onSubmit();
      }}
    >
      {children}
    </Form>
  );
}

export interface FieldIds {
  /** for the control's id */
  id: string;
  /**
   * for the control's aria-label: antd-mobile's Input puts only `id` and `aria-label` on the
   * <input> itself (other aria-* land on its wrapper), and Form.Item without `name` renders its
   * label without `for`
   */
  label: string;
}

/**
 * A form row labelled by antd-mobile's own Form.Item label, with its message right under the
 * control. (Forms that draw their own label above the input use FieldLabel and FieldMessage.)
 */
export function FormField({
  label,
  error,
  extra,
  children,
}: {
  label: string;
  error: FormMessage | null | undefined;
  extra?: ReactNode;
  children: (ids: FieldIds) => ReactElement;
}) {
  const id = useId();
  return (
    <Form.Item
      label={label}
      extra={extra}
      description={error ? <FieldMessage message={error} /> : null}
    >
      {children({ id, label })}
    </Form.Item>
  );
}
