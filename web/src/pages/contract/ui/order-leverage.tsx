import { Popup } from '#shared/ui/sheet';
import { useUnit } from 'effector-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $info, $leverage, $leverageInUse, leveragePicked } from '../model/order-form.ts';
import styles from './contract-page.module.css';

/**
 * The leverage and its sheet. An open position or resting order of the symbol and side fixes it
 * (the server refuses another): the form says so below the button, before anything is sent, and
 * the sheet offers only that one.
 */
export function LeverageButton() {
  const { t } = useTranslation();
  const [leverage, info, inUse, pick] = useUnit([$leverage, $info, $leverageInUse, leveragePicked]);
  const [open, setOpen] = useState(false);
  const lockId = useId();
  const locked = inUse !== null && leverage?.value === inUse;
  const lockNote = locked ? (
    <p id={lockId} className={styles.muted} data-testid="leverage-locked">
      {t('contract.leverage.locked', { value: inUse })}
    </p>
  ) : null;
  return (
    <>
      <button
        type="button"
        className={styles.leverage}
        aria-haspopup="dialog"
        aria-describedby={locked ? lockId : undefined}
        disabled={info === null}
        onClick={() => {
          setOpen(true);
        }}
      >
        {t('contract.form.leverage', { value: leverage?.value ?? '—' })}
      </button>
      {lockNote === null ? null : <div className={styles.leverageLock}>{lockNote}</div>}
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
          <p className={styles.muted}>
            {locked ? t('contract.leverage.locked', { value: inUse }) : t('contract.leverage.hint')}
          </p>
          <div className={styles.leverages} role="group" aria-labelledby="leverage-title">
            {info?.leverages.map((one) => (
              <button
                key={one.id}
                type="button"
                aria-pressed={leverage?.id === one.id}
                disabled={locked && one.value !== inUse}
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
