import type { FormMessage } from '#shared/api';
import { useNumberStyle } from '#shared/format';
import { zeroAmount } from '#shared/typed-number';
import { FieldInput, FormItem, messageIdOf } from '#shared/ui/form';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './amount-field.module.css';

/**
 * A row of a money form: the amount (or any other entry), the reason it was refused right under
 * it, or else a hint (the bounds, what is available). What was typed stays as it was: the model
 * reads it in the reader's number style (`readTypedNumber`), and its placeholder is in that style.
 */
export function MoneyField({
  label,
  value,
  onChange,
  error,
  hint,
  extra,
  inputMode = 'decimal',
  type = 'text',
  autoComplete = 'off',
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: FormMessage | null | undefined;
  hint?: ReactNode;
  extra?: ReactNode;
  inputMode?: 'decimal' | 'text';
  type?: 'text' | 'password';
  autoComplete?: string;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  const style = useNumberStyle();
  const id = useId();
  const messageId = messageIdOf(id);
  return (
    <FormItem
      label={label}
      htmlFor={id}
      extra={extra}
      description={
        error ? (
          <div id={messageId} role="alert" className={styles.error}>
            {'key' in error ? t(error.key) : error.text}
          </div>
        ) : hint ? (
          <div id={messageId} className={styles.hint}>
            {hint}
          </div>
        ) : null
      }
    >
      <FieldInput
        id={id}
        invalid={Boolean(error)}
        describedBy={error || hint ? messageId : undefined}
        value={value}
        onChange={onChange}
        inputMode={inputMode}
        type={type}
        autoComplete={autoComplete}
        placeholder={placeholder ?? (inputMode === 'decimal' ? zeroAmount(style) : undefined)}
        clearable
      />
    </FormItem>
  );
}
