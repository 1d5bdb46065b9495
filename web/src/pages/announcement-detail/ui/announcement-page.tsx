import { PATHS } from '#shared/routing';
import { SafeHtml } from '#shared/html';
import { Page } from '#shared/ui';
import { EmptyState, LoadError, LoadingSkeleton } from '#shared/ui/states';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useGate, useUnit } from 'effector-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useDateFormat } from '#shared/i18n';
import {
  $announcement,
  $status,
  AnnouncementGate,
  type Announcement,
  retryClicked,
} from '../model/announcement.ts';
import styles from './announcement-page.module.css';

export function AnnouncementPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  useGate(AnnouncementGate, { id: search.get('id') });
  const { status, announcement } = useUnit({ status: $status, announcement: $announcement });
  return (
    <Page title={t('announcementDetail.title')} back={PATHS.announcement}>
      {status === 'loading' ? <ArticleSkeleton /> : null}
      {status === 'ready' && announcement ? <Article announcement={announcement} /> : null}
      {status === 'notFound' ? <NotFound /> : null}
      {status === 'error' ? <ArticleLoadError /> : null}
    </Page>
  );
}

function Article({ announcement }: { announcement: Announcement }) {
  const date = useDateFormat('dateTime');
  const created = new Date(announcement.created_at);
  return (
    <article className={styles.article}>
      <h2 className={styles.title}>{announcement.title}</h2>
      <time className={`${styles.date} num`} dateTime={created.toISOString()}>
        {date.format(created)}
      </time>
      <div className={styles.body}>
        <SafeHtml html={announcement.content} />
      </div>
    </article>
  );
}

function ArticleSkeleton() {
  return (
    <LoadingSkeleton className={styles.article}>
      <Skeleton.Title animated />
      <Skeleton animated className={styles.skeletonDate} />
      <Skeleton.Paragraph animated lineCount={6} />
    </LoadingSkeleton>
  );
}

function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <EmptyState
      title={t('announcementDetail.notFoundTitle')}
      hint={t('announcementDetail.notFoundHint')}
      action={{
        label: t('announcementDetail.toList'),
        onClick: () => void navigate(PATHS.announcement, { replace: true }),
      }}
    />
  );
}

function ArticleLoadError() {
  const { t } = useTranslation();
  const retry = useUnit(retryClicked);
  return (
    <LoadError
      title={t('announcementDetail.errorTitle')}
      hint={t('announcementDetail.errorHint')}
      onRetry={retry}
    />
  );
}
