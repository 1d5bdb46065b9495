import type { PagedList, PageReply } from '#shared/api/list';
import { MoreOnScroll } from '#shared/ui/more';
import { EmptyState, LoadError, LoadingSkeleton, type StateAction } from '#shared/ui/states';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useGate, useUnit } from 'effector-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './paged-list-view.module.css';

const SKELETON_ROWS = 6;

/** What a list says when it cannot show items: its own words, translated by the caller. */
export interface PagedListTexts {
  /** the first page could not be loaded */
  readonly loadFailed: string;
  readonly emptyTitle: string;
  readonly emptyHint: string;
  /** the empty state's button; default: load the first page again ("Check again") */
  readonly emptyAction?: StateAction | undefined;
}

/**
 * A paged list on a screen: skeletons, then the list with pull to refresh and infinite scroll,
 * or a translated error or empty state with a retry. `row` draws one item.
 */
export function PagedListView<Reply extends PageReply<{ readonly id: string }>>({
  list,
  label,
  row,
  texts,
}: {
  list: PagedList<Reply>;
  label: string;
  row: (item: Reply['list'][number]) => ReactNode;
  texts: PagedListTexts;
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
    return <LoadError title={texts.loadFailed} hint={t('errors.pageLoadHint')} onRetry={retry} />;
  }
  if (view === 'empty') {
    return (
      <EmptyState
        emptyList
        title={texts.emptyTitle}
        hint={texts.emptyHint}
        action={
          texts.emptyAction ?? { label: t('common.list.checkAgain'), onClick: retry, outline: true }
        }
      />
    );
  }
  return (
    <PullToRefresh
      pullingText={t('common.list.pullToRefresh')}
      canReleaseText={t('common.list.releaseToRefresh')}
      refreshingText={t('common.loading')}
      completeText={t('common.list.refreshed')}
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
        failedText={t('common.list.moreFailed')}
        endText={t('common.list.allShown')}
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
