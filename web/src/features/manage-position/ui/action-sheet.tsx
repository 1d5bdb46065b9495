import Button from 'antd-mobile/es/components/button';
import { Popup } from '#shared/ui/sheet';
import { useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './manage.module.css';

/**
 * A position's dialog as a bottom sheet: a modal named by its title, the form, then its one
 * action. Escape and the mask close it; opening puts the focus on the dialog, closing gives it
 * back to what opened it.
 */
export function ActionSheet({
  visible,
  title,
  children,
  submitText,
  submitting,
  danger = false,
  onSubmit,
  onClose,
}: {
  visible: boolean;
  title: string;
  children: ReactNode;
  submitText: string;
  submitting: boolean;
  danger?: boolean;
  onSubmit: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialogRef = useRef<HTMLFormElement>(null);
  const openerRef = useRef<Element | null>(null);
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName={styles.sheet}
      afterShow={() => {
        openerRef.current = document.activeElement;
        // the dialog itself, so its name is read first and no field's clear icon (antd-mobile
        // shows it on a focused field with a value) appears before the user picks a field
        dialogRef.current?.focus();
      }}
      afterClose={() => {
        const opener = openerRef.current;
        openerRef.current = null;
        if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
      }}
    >
      <form
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className={styles.dialog}
        tabIndex={-1}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            onClose();
          }
        }}
      >
        <div className={styles.head}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} onClick={onClose}>
            {t('positionActions.cancel')}
          </button>
        </div>
        {children}
        <Button
          block
          type="submit"
          color={danger ? 'danger' : 'primary'}
          size="large"
          loading={submitting}
        >
          {submitText}
        </Button>
      </form>
    </Popup>
  );
}

/** Figures under a form: label and value, values right-aligned. */
export function Figures({
  lines,
}: {
  lines: readonly { label: string; value: ReactNode; tone?: 'profit' | 'loss' | undefined }[];
}) {
  return (
    <dl className={styles.summary}>
      {lines.map((line) => (
        <div key={line.label} className={styles.line}>
          <dt>{line.label}</dt>
          <dd
            className={
              line.tone === 'profit'
                ? styles.profit
                : line.tone === 'loss'
                  ? styles.loss
                  : undefined
            }
          >
            {line.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Red for a loss, green for a profit, nothing for zero. */
export const toneOf = (signed: string | null): 'profit' | 'loss' | undefined => {
  if (signed === null || !/[1-9]/.test(signed)) return undefined;
  return signed.startsWith('-') ? 'loss' : 'profit';
};
