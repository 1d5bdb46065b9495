import Button from 'antd-mobile/es/components/button';
import { useId, useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormMessage } from '#shared/api';
import { FieldInput, FormItem, FormList } from './form-list.tsx';
import styles from './form-field.module.css';

/** A field's label drawn above its input, tied to it by id. */
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
export function FieldMessage({
  message,
  id,
}: {
  message: FormMessage | null | undefined;
  /** for the control's aria-describedby */
  id?: string;
}) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <span id={id} role="alert" className={styles.message}>
      {'key' in message ? t(message.key) : message.text}
    </span>
  );
}

/** An input with a button beside it (show the password, send a code). */
export function InputRow({ children }: { children: ReactNode }) {
  return <div className={styles.withButton}>{children}</div>;
}

/** The id of the words under a control (its message or hint), for its aria-describedby. */
export const messageIdOf = (controlId: string): string => `${controlId}-message`;

export interface PasswordInputProps {
  id: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete?: 'new-password' | 'current-password';
  /** the keyboard's action key submits the form; without it, it moves to the next field */
  onEnterPress?: () => void;
  /** the value was refused */
  invalid?: boolean;
  /** the id of the words that say why */
  describedBy?: string | undefined;
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
      <FieldInput
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
  const messageId = messageIdOf(id);
  return (
    <FormItem description={<FieldMessage id={messageId} message={error} />}>
      <FieldLabel htmlFor={id}>{t('authForm.email')}</FieldLabel>
      <FieldInput
        id={id}
        invalid={Boolean(error)}
        describedBy={error ? messageId : undefined}
        type="email"
        inputMode="email"
        autoComplete={autoComplete}
        enterKeyHint="next"
        clearable
        placeholder={t('authForm.emailPlaceholder')}
        value={value}
        onChange={onChange}
      />
    </FormItem>
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
  const messageId = messageIdOf(id);
  return (
    <FormItem description={<FieldMessage id={messageId} message={error} />}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <PasswordInput
        id={id}
        invalid={Boolean(error)}
        describedBy={error ? messageId : undefined}
        {...input}
      />
    </FormItem>
  );
}

/**
 * A form of rows on one card, sent by the keyboard's action key or by a submit button in
 * `footer`. Its values are the model's: the form keeps none.
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
    <FormList className={styles.cardForm} footer={footer} onSubmit={onSubmit}>
      {children}
    </FormList>
  );
}

export interface FieldIds {
  /** for the control's id (the row's label points at it) */
  id: string;
  /** the row's label, for controls that name themselves by aria-label */
  label: string;
  /** the control's value was refused: for its aria-invalid */
  invalid: boolean;
  /** the id of the message under the control while there is one: for its aria-describedby */
  describedBy: string | undefined;
}

/** A form row with its label above the control and its message right under it. */
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
  const messageId = messageIdOf(id);
  return (
    <FormItem
      label={label}
      htmlFor={id}
      extra={extra}
      description={error ? <FieldMessage id={messageId} message={error} /> : null}
    >
      {children({ id, label, invalid: Boolean(error), describedBy: error ? messageId : undefined })}
    </FormItem>
  );
}
