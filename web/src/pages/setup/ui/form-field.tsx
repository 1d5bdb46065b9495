import Form from 'antd-mobile/es/components/form';
import { useId, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormMessage } from '#shared/api';
import styles from './setup-page.module.css';

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

/** A labelled form row with its error right under the control (announced as it appears). */
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

export function FieldMessage({ message }: { message: FormMessage }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className={styles.error}>
      {'key' in message ? t(message.key) : message.text}
    </div>
  );
}
