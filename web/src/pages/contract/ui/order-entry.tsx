import type { FormMessage } from '#shared/api';
import { messageIdOf } from '#shared/ui/form';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './contract-page.module.css';

/** A labelled text entry with its message (a translated check, or the server's words) below. */
export function Entry({
  label,
  value,
  onChange,
  error,
  suffix,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: FormMessage | undefined;
  suffix?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const messageId = messageIdOf(id);
  return (
    <div className={styles.entry}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.inputRow}>
        <input
          id={id}
          className={styles.input}
          inputMode="decimal"
          autoComplete="off"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? messageId : undefined}
          data-testid={testId}
          onChange={(event) => {
            onChange(event.target.value);
          }}
        />
        {suffix === undefined ? null : <span className={styles.suffix}>{suffix}</span>}
      </div>
      {error ? (
        <span id={messageId} role="alert" className={styles.fieldError}>
          {'key' in error ? t(error.key) : error.text}
        </span>
      ) : null}
    </div>
  );
}

/** A labelled on/off switch. */
export function Switch({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className={styles.switchRow}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className={styles.switch}
        checked={checked}
        onChange={(event) => {
          onChange(event.target.checked);
        }}
      />
    </div>
  );
}
