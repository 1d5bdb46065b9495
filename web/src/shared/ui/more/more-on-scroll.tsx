import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import { useTranslation } from 'react-i18next';
import styles from './more-on-scroll.module.css';

export interface MoreOnScrollProps {
  hasMore: boolean;
  /** loads the next page; a rejection shows `failedText` with a retry */
  loadMore: () => Promise<unknown>;
  /** said when the next page failed to load */
  failedText: string;
  /** said under the last item once everything is shown */
  endText: string;
}

/**
 * The foot of a paged list: loads the next page as it scrolls into view, and says what is
 * happening (loading, failed with a retry, or all shown).
 */
export function MoreOnScroll({ hasMore, loadMore, failedText, endText }: MoreOnScrollProps) {
  const { t } = useTranslation();
  return (
    <InfiniteScroll
      hasMore={hasMore}
      loadMore={async () => {
        await loadMore();
      }}
    >
      {(more, failed, retry) => {
        if (failed) {
          return (
            <span className={styles.end} role="alert">
              {failedText}
              <Button size="small" fill="none" color="primary" onClick={retry}>
                {t('common.retry')}
              </Button>
            </span>
          );
        }
        if (more) {
          return (
            <span className={styles.end} role="status">
              <DotLoading color="currentColor" />
              <span className="visually-hidden">{t('common.loading')}</span>
            </span>
          );
        }
        return <span className={styles.end}>{endText}</span>;
      }}
    </InfiniteScroll>
  );
}
