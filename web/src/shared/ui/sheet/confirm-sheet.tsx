import { Popup } from './popup.tsx';
import { useId, useRef, type ReactNode } from 'react';
import styles from './confirm-sheet.module.css';

export interface ConfirmSheetProps {
  visible: boolean;
  /** the question, the dialog's name */
  title: string;
  /** what answering means, under the question (text, a checkbox) */
  children?: ReactNode;
  confirmText: string;
  /** the answer ends or removes something: drawn in the loss colour */
  danger?: boolean;
  cancelText: string;
  onConfirm: () => void;
  /** Cancel, the mask, or Escape */
  onCancel: () => void;
}

/**
 * A yes/no question as a bottom sheet: a modal dialog named by its question, with real buttons.
 * (antd-mobile's ActionSheet draws its answers as `<a role="option">` with no list around them and
 * no href, so a screen reader hears orphaned options and the keyboard cannot reach them.) Opening
 * it puts the focus on Cancel, the answer that changes nothing; Escape cancels; closing gives the
 * focus back to what opened it.
 */
export function ConfirmSheet({
  visible,
  title,
  children,
  confirmText,
  danger = false,
  cancelText,
  onConfirm,
  onCancel,
}: ConfirmSheetProps) {
  const titleId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<Element | null>(null);
  return (
    <Popup
      visible={visible}
      onMaskClick={onCancel}
      onClose={onCancel}
      bodyClassName={styles.sheet}
      afterShow={() => {
        openerRef.current = document.activeElement;
        cancelRef.current?.focus();
      }}
      afterClose={() => {
        const opener = openerRef.current;
        openerRef.current = null;
        if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
      }}
    >
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className={styles.dialog}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            onCancel();
          }
        }}
      >
        <div className={styles.question}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {children}
        </div>
        <button
          type="button"
          className={danger ? `${styles.answer} ${styles.danger}` : styles.answer}
          onClick={onConfirm}
        >
          {confirmText}
        </button>
        <button ref={cancelRef} type="button" className={styles.cancel} onClick={onCancel}>
          {cancelText}
        </button>
      </div>
    </Popup>
  );
}
