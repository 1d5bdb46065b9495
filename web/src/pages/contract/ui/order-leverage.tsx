import { Popup } from '#shared/ui/sheet';
import { useUnit } from 'effector-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $info, $leverage, leveragePicked } from '../model/order-form.ts';
import styles from './contract-page.module.css';

/** The leverage and its sheet. */
export function LeverageButton() {
  const { t } = useTranslation();
  const [leverage, info, pick] = useUnit([$leverage, $info, leveragePicked]);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={styles.leverage}
        aria-haspopup="dialog"
        disabled={info === null}
        onClick={() => {
          setOpen(true);
        }}
      >
        {t('contract.form.leverage', { value: leverage?.value ?? '—' })}
      </button>
      <Popup
        visible={open}
        onMaskClick={() => {
          setOpen(false);
        }}
        onClose={() => {
          setOpen(false);
        }}
        showCloseButton
        bodyClassName={styles.sheet}
      >
        <div role="dialog" aria-modal="true" aria-labelledby="leverage-title">
          <h2 id="leverage-title" className={styles.sheetTitle}>
            {t('contract.leverage.title')}
          </h2>
          <p className={styles.muted}>{t('contract.leverage.hint')}</p>
          <div className={styles.leverages} role="group" aria-labelledby="leverage-title">
            {info?.leverages.map((one) => (
              <button
                key={one.id}
                type="button"
                aria-pressed={leverage?.id === one.id}
                className={styles.leverageChoice}
                onClick={() => {
                  pick(one.id);
                  setOpen(false);
                }}
              >
                {one.value}×
              </button>
            ))}
          </div>
        </div>
      </Popup>
    </>
  );
}
