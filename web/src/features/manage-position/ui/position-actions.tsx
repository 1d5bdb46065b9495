import type { Position } from '@bourse/protocol';
import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { closeSheet } from '../model/close-position.ts';
import { marginSheet } from '../model/margin.ts';
import { takeStopSheet } from '../model/take-stop.ts';
import { CloseSheet } from './close-sheet.tsx';
import { MarginSheet } from './margin-sheet.tsx';
import { TakeStopSheet } from './take-stop-sheet.tsx';
import styles from './manage.module.css';

/**
 * The row of buttons under one position card (TP/SL, Margin, Close) and the sheets they open.
 * Each sheet follows the card's live position while it is open (the mark moves the estimates).
 */
export function PositionActions({ position }: { position: Position }) {
  const { t } = useTranslation();
  const [openTakeStop, openMargin, openClose] = useUnit([
    takeStopSheet.opened,
    marginSheet.opened,
    closeSheet.opened,
  ]);
  const [updateTakeStop, updateMargin, updateClose] = useUnit([
    takeStopSheet.positionUpdated,
    marginSheet.positionUpdated,
    closeSheet.positionUpdated,
  ]);
  // Which sheet shows this position, if any: only that one follows its ticks, so a list of
  // positions repricing ten times a second sends nothing while no sheet is open.
  const [takeStopShown, marginShown, closeShown] = useUnit([
    takeStopSheet.$position,
    marginSheet.$position,
    closeSheet.$position,
  ]);
  const takeStopOpen = takeStopShown?.id === position.id;
  const marginOpen = marginShown?.id === position.id;
  const closeOpen = closeShown?.id === position.id;
  useEffect(() => {
    if (takeStopOpen) updateTakeStop(position);
    if (marginOpen) updateMargin(position);
    if (closeOpen) updateClose(position);
  }, [position, takeStopOpen, marginOpen, closeOpen, updateTakeStop, updateMargin, updateClose]);
  return (
    <>
      <div
        className={styles.actions}
        role="group"
        aria-label={t('positionActions.label', { symbol: position.symbol })}
      >
        <button
          type="button"
          className={styles.action}
          onClick={() => {
            openTakeStop(position);
          }}
        >
          {t('positionActions.takeStop.open')}
        </button>
        <button
          type="button"
          className={styles.action}
          onClick={() => {
            openMargin(position);
          }}
        >
          {t('positionActions.margin.open')}
        </button>
        <button
          type="button"
          className={styles.action}
          onClick={() => {
            openClose(position);
          }}
        >
          {t('positionActions.close.open')}
        </button>
      </div>
      <TakeStopSheet position={position} />
      <MarginSheet position={position} />
      <CloseSheet position={position} />
    </>
  );
}
