import { ConfirmSheet } from '#shared/ui/sheet';
import { useUnit } from 'effector-react';
import { useTranslation } from 'react-i18next';
import {
  $closeAllAsked,
  $closingAll,
  closeAllCancelled,
  closeAllClicked,
  closeAllConfirmed,
} from '../model/close-all.ts';
import styles from './manage.module.css';

/** Closes every position (of one symbol when given) at market, after a confirmation. */
export function CloseAllButton({ symbolId }: { symbolId?: string }) {
  const { t } = useTranslation();
  const [asked, closing, ask, cancel, confirm] = useUnit([
    $closeAllAsked,
    $closingAll,
    closeAllClicked,
    closeAllCancelled,
    closeAllConfirmed,
  ]);
  return (
    <>
      <button
        type="button"
        className={styles.closeAll}
        disabled={closing}
        onClick={() => {
          ask({ symbolId });
        }}
      >
        {t('positionActions.closeAll.open')}
      </button>
      <ConfirmSheet
        visible={asked !== null && asked.symbolId === symbolId}
        title={t(
          symbolId === undefined
            ? 'positionActions.closeAll.questionAll'
            : 'positionActions.closeAll.questionSymbol',
        )}
        confirmText={t('positionActions.closeAll.confirm')}
        cancelText={t('positionActions.cancel')}
        danger
        onConfirm={confirm}
        onCancel={cancel}
      >
        <p className={styles.explain}>{t('positionActions.closeAll.explain')}</p>
      </ConfirmSheet>
    </>
  );
}
