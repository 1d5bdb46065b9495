import { useDateFormat } from '#shared/i18n';
import { $online, $staleSince } from '#shared/socket';
import { useUnit } from 'effector-react';
import { useTranslation } from 'react-i18next';
import styles from './market.module.css';

/**
 * Says, above live numbers, that they are not live: "offline" or "reconnecting", and since when.
 * One per screen, apart from the rows: it alone reads the feed's freshness, so its changes
 * re-render no row. The live region is always in the page, so a change is announced.
 */
export function LiveStatus() {
  const { t } = useTranslation();
  const [since, online] = useUnit([$staleSince, $online]);
  const format = useDateFormat('timeSeconds');
  return (
    <div role="status" aria-live="polite" data-live-status>
      {since === null ? null : (
        <p className={styles.liveStatus}>
          {t(online ? 'market.live.reconnecting' : 'market.live.offline', {
            time: format.format(since),
          })}
        </p>
      )}
    </div>
  );
}
