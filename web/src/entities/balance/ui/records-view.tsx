import type { PagedList, PageReply } from '#shared/api/list';
import { MoreOnScroll } from '#shared/ui/more';
import { EmptyState, LoadError, LoadingSkeleton } from '#shared/ui/states';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useGate, useUnit } from 'effector-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './records-view.module.css';

const SKELETON_ROWS = 6;

/**
 * A money screen's records: skeletons, then the list with pull to refresh and infinite scroll,
 * or a translated error or empty state with a retry. `row` draws one record.
 */
export function RecordsView<Reply extends PageReply<{ readonly id: string }>>({
  list,
  label,
  row,
}: {
  list: PagedList<Reply>;
  label: string;
  row: (item: Reply['list'][number]) => ReactNode;
}) {
  const { t } = useTranslation();
  useGate(list.Gate, {});
  const { view, items, hasMore, refresh, loadNextPage, retry } = useUnit({
    view: list.$view,
    items: list.$items,
    hasMore: list.$hasMore,
    refresh: list.refreshFx,
    loadNextPage: list.loadNextPageFx,
    retry: list.retryClicked,
  });
  if (view === 'loading') {
    return (
      <LoadingSkeleton className={styles.list}>
        {Array.from({ length: SKELETON_ROWS }, (_, i) => (
          <div key={i} className={styles.row} aria-hidden="true">
            <Skeleton animated className={styles.skeletonLine} />
            <Skeleton animated className={styles.skeletonShort} />
          </div>
        ))}
      </LoadingSkeleton>
    );
  }
  if (view === 'error') {
    return (
      <LoadError
        title={t('funds.records.loadFailed')}
        hint={t('errors.pageLoadHint')}
        onRetry={retry}
      />
    );
  }
  if (view === 'empty') {
    return (
      <EmptyState
        emptyList
        title={t('funds.records.emptyTitle')}
        hint={t('funds.records.emptyHint')}
        action={{ label: t('funds.records.checkAgain'), onClick: retry, outline: true }}
      />
    );
  }
  return (
    <PullToRefresh
      pullingText={t('funds.records.pullToRefresh')}
      canReleaseText={t('funds.records.releaseToRefresh')}
      refreshingText={t('common.loading')}
      completeText={t('funds.records.refreshed')}
      onRefresh={async () => {
        // A failed refresh keeps the list; the app has already said why.
        await refresh().catch(() => undefined);
      }}
    >
      <ul className={styles.list} aria-label={label}>
        {items.map((item) => (
          <li key={item.id} className={styles.row}>
            {row(item)}
          </li>
        ))}
      </ul>
      <MoreOnScroll
        hasMore={hasMore}
        loadMore={loadNextPage}
        failedText={t('funds.records.moreFailed')}
        endText={t('funds.records.allShown')}
      />
    </PullToRefresh>
  );
}

/** One record: a title and its amount on top, then label-value lines. */
export function RecordCard({
  title,
  amount,
  amountTone,
  lines,
  footer,
}: {
  title: ReactNode;
  amount: string;
  amountTone?: 'in' | 'out' | undefined;
  lines: readonly { label: string; value: ReactNode }[];
  footer?: ReactNode;
}) {
  const tone = amountTone === 'in' ? styles.in : amountTone === 'out' ? styles.out : '';
  return (
    <>
      <div className={styles.top}>
        <span className={styles.title}>{title}</span>
        <span className={`num ${styles.amount} ${tone}`}>{amount}</span>
      </div>
      <dl className={styles.lines}>
        {lines.map((line) => (
          <div key={line.label} className={styles.line}>
            <dt>{line.label}</dt>
            <dd>{line.value}</dd>
          </div>
        ))}
      </dl>
      {footer}
    </>
  );
}
