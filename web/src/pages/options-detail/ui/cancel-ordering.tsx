import { ConfirmSheet } from '#shared/ui/sheet';
import Button from 'antd-mobile/es/components/button';
import { useUnit } from 'effector-react';
import { useTranslation } from 'react-i18next';
import {
  $cancelling,
  $cancelOpen,
  cancelAsked,
  cancelConfirmed,
  cancelDismissed,
} from '../model/order-detail.ts';
import styles from './detail.module.css';

/** An order still waiting for its start may be withdrawn: the whole stake comes back. */
export function CancelOrdering() {
  const { t } = useTranslation();
  const [ask, cancelling, open, confirm, dismiss] = useUnit([
    cancelAsked,
    $cancelling,
    $cancelOpen,
    cancelConfirmed,
    cancelDismissed,
  ]);
  return (
    <>
      <Button
        block
        color="danger"
        fill="outline"
        className={styles.cancel}
        loading={cancelling}
        onClick={() => {
          ask();
        }}
      >
        {t('options.detail.cancel')}
      </Button>
      <ConfirmSheet
        visible={open}
        title={t('options.detail.cancelQuestion')}
        confirmText={t('options.detail.cancelConfirm')}
        cancelText={t('options.detail.keep')}
        danger
        onConfirm={() => {
          confirm();
        }}
        onCancel={() => {
          dismiss();
        }}
      >
        <p className={styles.cancelHint}>{t('options.detail.cancelHint')}</p>
      </ConfirmSheet>
    </>
  );
}
