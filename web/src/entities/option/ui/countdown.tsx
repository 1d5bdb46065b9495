import { useTranslation } from 'react-i18next';
import { countdownText, remainingMs } from '../lib/figures.ts';
import { useServerNow } from './server-now.ts';

/**
 * The time left until `settleAt` (server ms), read from the server's clock at each draw: only
 * this element re-renders as it counts. "Settling" once due, until the result arrives.
 */
export function Countdown({ settleAt, className }: { settleAt: number; className?: string }) {
  const { t } = useTranslation();
  const now = useServerNow();
  const left = remainingMs(settleAt, now);
  return (
    <span className={`num ${className ?? ''}`} data-testid="option-countdown">
      {left === 0 ? t('options.settling') : countdownText(left)}
    </span>
  );
}
