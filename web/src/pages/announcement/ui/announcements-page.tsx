import { MoreOnScroll } from '#shared/ui/more';
import { PATHS } from '#shared/routing';
import { Page } from '#shared/ui';
import { EmptyState, LoadError, LoadingSkeleton } from '#shared/ui/states';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Skeleton from 'antd-mobile/es/components/skeleton';
import Tag from 'antd-mobile/es/components/tag';
import { useGate, useUnit } from 'effector-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDateFormat } from '#shared/i18n';
import {
  $hasMore,
  $notices,
  $view,
  AnnouncementsGate,
  loadNextPageFx,
  type Notice,
  refreshFx,
  retryClicked,
} from '../model/announcements.ts';
import styles from './announcements-page.module.css';

const SKELETON_ROWS = 6;

export function AnnouncementsPage() {
  const { t } = useTranslation();
  useGate(AnnouncementsGate);
  const view = useUnit($view);
  return (
    <Page title={t('announcements.title')} back={PATHS.user} flush>
      {view === 'loading' ? <NoticeSkeletons /> : null}
      {view === 'error' ? <ListLoadError /> : null}
      {view === 'empty' ? <NoNotices /> : null}
      {view === 'list' ? <NoticeList /> : null}
    </Page>
  );
}

function NoticeList() {
  const { t } = useTranslation();
  const { notices, hasMore, refresh, loadNextPage } = useUnit({
    notices: $notices,
    hasMore: $hasMore,
    refresh: refreshFx,
    loadNextPage: loadNextPageFx,
  });
  return (
    <PullToRefresh
      pullingText={t('announcements.pullToRefresh')}
      canReleaseText={t('announcements.releaseToRefresh')}
      refreshingText={t('common.loading')}
      completeText={t('announcements.refreshed')}
      onRefresh={async () => {
        // A failed refresh keeps the list; the app has already said why.
        await refresh().catch(() => undefined);
      }}
    >
      <ul className={styles.list} aria-label={t('announcements.title')}>
        {notices.map((notice) => (
          <NoticeRow key={notice.id} notice={notice} />
        ))}
      </ul>
      <MoreOnScroll
        hasMore={hasMore}
        loadMore={loadNextPage}
        failedText={t('announcements.moreFailed')}
        endText={t('announcements.allShown')}
      />
    </PullToRefresh>
  );
}

function NoticeRow({ notice }: { notice: Notice }) {
  const { t } = useTranslation();
  const date = useDateFormat('date');
  const created = new Date(notice.created_at);
  return (
    <li>
      <Link
        className={styles.row}
        to={`${PATHS.announcementDetail}?id=${encodeURIComponent(notice.id)}`}
      >
        <span className={styles.heading}>
          {notice.pinned ? (
            <Tag color="primary" fill="outline" className={styles.pinned}>
              {t('announcements.pinned')}
            </Tag>
          ) : null}
          <span className={styles.title}>{notice.title}</span>
        </span>
        {notice.summary === '' ? null : <span className={styles.summary}>{notice.summary}</span>}
        <time className={`${styles.date} num`} dateTime={created.toISOString()}>
          {date.format(created)}
        </time>
      </Link>
    </li>
  );
}

function NoticeSkeletons() {
  return (
    <LoadingSkeleton className={styles.list}>
      {Array.from({ length: SKELETON_ROWS }, (_, i) => (
        <div key={i} className={styles.row} aria-hidden="true">
          <Skeleton animated className={styles.skeletonTitle} />
          <Skeleton animated className={styles.skeletonLine} />
          <Skeleton animated className={styles.skeletonLineShort} />
          <Skeleton animated className={styles.skeletonDate} />
        </div>
      ))}
    </LoadingSkeleton>
  );
}

function ListLoadError() {
  const { t } = useTranslation();
  const retry = useUnit(retryClicked);
  return (
    <LoadError
      title={t('announcements.errorTitle')}
      hint={t('announcements.errorHint')}
      onRetry={retry}
    />
  );
}

function NoNotices() {
  const { t } = useTranslation();
  const retry = useUnit(retryClicked);
  return (
    <EmptyState
      title={t('announcements.emptyTitle')}
      hint={t('announcements.emptyHint')}
      action={{ label: t('announcements.checkAgain'), onClick: retry, outline: true }}
    />
  );
}
