import { PATHS } from '#shared/routing';
import { Chevron, Page } from '#shared/ui';
import { EmptyState, LoadError, LoadingSkeleton } from '#shared/ui/states';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useGate, useUnit } from 'effector-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { $entries, $listStatus, ConfigListGate, listRetried } from '../model/config-list.ts';
import styles from './config-detail-page.module.css';

/** The policy and information pages (service policy, about us, …), each leading to its text. */
export function ConfigList() {
  const { t } = useTranslation();
  useGate(ConfigListGate, {});
  const [entries, status, retry] = useUnit([$entries, $listStatus, listRetried]);
  return (
    <Page title={t('configDetail.listTitle')} back={PATHS.user}>
      {status === 'loading' ? (
        <LoadingSkeleton className={styles.list}>
          <Skeleton.Paragraph animated lineCount={4} />
        </LoadingSkeleton>
      ) : null}
      {status === 'error' ? (
        <LoadError
          title={t('configDetail.errorTitle')}
          hint={t('configDetail.errorHint')}
          onRetry={retry}
        />
      ) : null}
      {status === 'ready' && entries !== null && entries.length === 0 ? (
        <EmptyState
          title={t('configDetail.listEmpty')}
          hint={t('configDetail.listEmptyHint')}
          emptyList
        />
      ) : null}
      {status === 'ready' && entries !== null && entries.length > 0 ? (
        <ul className={styles.list} aria-label={t('configDetail.listTitle')}>
          {entries.map((entry) => (
            <li key={entry.key}>
              <Link
                to={`${PATHS.configDetail}?key=${entry.key}`}
                className={styles.entry}
                data-testid="config-entry"
              >
                <span>{entry.title}</span>
                <Chevron className={styles.chevron} />
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </Page>
  );
}
