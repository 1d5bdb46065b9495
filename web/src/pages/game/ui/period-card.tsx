import { AccountModeMark } from '#entities/balance';
import { countdownText, remainingMs, useServerNow } from '#entities/option';
import { useUnit } from 'effector-react';
import { useTranslation } from 'react-i18next';
import { phaseAt } from '../model/phase.ts';
import { $round } from '../model/round.ts';
import styles from './game-page.module.css';

/** The period: its number, its phase and the countdown to the phase's end. */
export function PeriodCard() {
  const { t } = useTranslation();
  const round = useUnit($round);
  return (
    <section className={styles.period} aria-label={t('game.period')}>
      <div className={styles.periodHead}>
        <span className={styles.muted}>{t('game.period')}</span>
        <span className={`num ${styles.issue}`} data-testid="game-issue">
          {round?.issue ?? '—'}
        </span>
      </div>
      {round === null ? <div className={styles.clockSkeleton} aria-hidden="true" /> : <Clock />}
      <AccountModeMark placement="corner" />
    </section>
  );
}

/** Only this re-renders as the clock runs. */
function Clock() {
  const { t } = useTranslation();
  const round = useUnit($round);
  const now = useServerNow();
  if (round === null) return null;
  const { phase, until } = phaseAt(round, now);
  return (
    <p className={styles.clock} data-testid="game-phase" data-phase={phase}>
      <span className={phase === 'betting' ? styles.open : styles.closed}>
        {t(`game.phase.${phase}`)}
      </span>
      <span className={`num ${styles.countdown}`} role="timer">
        {countdownText(remainingMs(until, now))}
      </span>
    </p>
  );
}
