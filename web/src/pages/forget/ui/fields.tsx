import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldMessage } from '../model/forget.ts';
import styles from './forget-page.module.css';

/**
 * A field's label, tied to its input by id. antd-mobile's Form.Item labels only the fields it
 * controls itself, and these are controlled by the model.
 */
export function FieldLabel({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className={styles.label}>
      {children}
    </label>
  );
}

/** A field's message, next to it, in the user's language (or the server's own words). */
export function FieldNote({ message }: { message: FieldMessage | undefined }) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <span role="alert" className={styles.fieldError}>
      {'key' in message ? t(message.key) : message.text}
    </span>
  );
}

interface PasswordInputProps {
  id: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete?: 'new-password' | 'current-password';
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
    <div className={styles.withButton}>
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
    </div>
  );
}
