import { DrawDigits } from '#entities/coin-guess';
import { useDateFormat } from '#shared/i18n';
import { EmptyState, LoadError, LoadingSkeleton } from '#shared/ui/states';
import type { DrawResult } from '@bourse/protocol';
import { useUnit } from 'effector-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  $checks,
  $draws,
  $drawsFailed,
  drawsRetried,
  verifyClicked,
  type CheckState,
} from '../model/records.ts';
import styles from './game-log-page.module.css';

/** The last hundred draws, newest first, each with its commitment, its seed and "Verify". */
export function DrawRecords() {
  const { t } = useTranslation();
  const [draws, failed, retry] = useUnit([$draws, $drawsFailed, drawsRetried]);
  if (draws === null && failed) {
    return (
      <LoadError title={t('game.log.loadFailed')} hint={t('errors.pageLoadHint')} onRetry={retry} />
    );
  }
  if (draws === null) {
    return (
      <LoadingSkeleton className={styles.list}>
        <div className={styles.skeleton} />
        <div className={styles.skeleton} />
      </LoadingSkeleton>
    );
  }
  if (draws.length === 0) {
    return (
      <EmptyState title={t('game.log.emptyDraws')} hint={t('game.log.emptyDrawsHint')} emptyList />
    );
  }
  return (
    <ul className={styles.list} aria-label={t('game.log.draws')}>
      {draws.map((draw) => (
        <DrawRow key={draw.issue} draw={draw} />
      ))}
    </ul>
  );
}

const DrawRow = memo(function DrawRow({ draw }: { draw: DrawResult }) {
  const { t } = useTranslation();
  const date = useDateFormat('dateTime');
  const [check, verify] = useUnit([
    $checks.map((checks) => checks[draw.issue] ?? null),
    verifyClicked,
  ]);
  return (
    <li className={styles.draw} data-testid="draw-record">
      <div className={styles.drawHead}>
        <span className="num">{draw.issue}</span>
        <DrawDigits digits={draw.digits} number={draw.number} />
      </div>
      <dl className={styles.proof}>
        <dt>{t('game.log.drawnAt')}</dt>
        <dd>{date.format(draw.drawn_at)}</dd>
        <dt>{t('game.log.commitment')}</dt>
        <dd className={styles.hex}>{draw.commitment}</dd>
        <dt>{t('game.log.seed')}</dt>
        <dd className={styles.hex}>{draw.seed}</dd>
      </dl>
      <button
        type="button"
        className={styles.verify}
        aria-label={t('game.log.verifyLabel', { issue: draw.issue })}
        disabled={check === 'checking'}
        onClick={() => {
          verify(draw);
        }}
      >
        {t('game.log.verify')}
      </button>
      <CheckResult check={check} />
    </li>
  );
});

function CheckResult({ check }: { check: CheckState | null }) {
  const { t } = useTranslation();
  if (check === null) return <p role="status" className={styles.check} />;
  if (check === 'checking' || check === 'failed') {
    return (
      <p role="status" className={styles.check}>
        {t(check === 'checking' ? 'game.log.verifying' : 'game.log.verifyFailed')}
      </p>
    );
  }
  const digits = check.digits.join(' ');
  return (
    <div
      role="status"
      className={styles.check}
      data-testid="verify-result"
      data-ok={check.commitmentMatches && check.digitsMatch}
    >
      <p className={check.commitmentMatches ? styles.ok : styles.bad}>
        {t(check.commitmentMatches ? 'game.log.commitmentOk' : 'game.log.commitmentBad')}
      </p>
      <p className={check.digitsMatch ? styles.ok : styles.bad}>
        {t(check.digitsMatch ? 'game.log.digitsOk' : 'game.log.digitsBad', { digits })}
      </p>
    </div>
  );
}
