import { SafeHtml } from '#shared/html';
import { Page } from '#shared/ui';
import { EmptyState, LoadError, LoadingSkeleton } from '#shared/ui/states';
import { goBackFx, PATHS } from '#shared/routing';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useGate, useUnit } from 'effector-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useDateFormat } from '#shared/i18n';
import {
  $page,
  $routeKey,
  $status,
  ConfigPageGate,
  type ConfigPage,
  retryClicked,
} from '../model/config-page.ts';
import { ConfigList } from './config-list.tsx';
import { OfficeLink } from './office-link.tsx';
import styles from './config-detail-page.module.css';

/** A policy or information page by its `key`; without one, the list of them. */
export function ConfigDetailPage() {
  const [search] = useSearchParams();
  const key = search.get('key');
  return key === null ? <ConfigList /> : <ConfigDetail configKey={key} />;
}

function ConfigDetail({ configKey: key }: { configKey: string }) {
  const { t } = useTranslation();
  useGate(ConfigPageGate, { id: key });
  const { status, page, routeKey } = useUnit({ status: $status, page: $page, routeKey: $routeKey });

  // A link to another policy opens it from its top.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [key]);

  let title = t('configDetail.notFoundTitle');
  if (page) title = page.title;
  else if (routeKey !== null) title = t(`configDetail.titles.${routeKey}`);

  return (
    <Page title={title} back={PATHS.root}>
      {status === 'loading' ? <PageSkeleton /> : null}
      {status === 'ready' && page ? <PolicyText page={page} /> : null}
      {status === 'ready' && routeKey === 'about_us' ? <OfficeLink /> : null}
      {status === 'notFound' ? <NotFound /> : null}
      {status === 'error' ? <PageLoadError /> : null}
    </Page>
  );
}

function PolicyText({ page }: { page: ConfigPage }) {
  const { t } = useTranslation();
  const date = useDateFormat('date');
  const updated = new Date(page.updated_at);
  return (
    <article className={styles.article} aria-label={page.title}>
      <p className={styles.updated}>
        {t('configDetail.updated')}{' '}
        <time className="num" dateTime={updated.toISOString()}>
          {date.format(updated)}
        </time>
      </p>
      <SafeHtml html={page.content} />
    </article>
  );
}

function PageSkeleton() {
  return (
    <LoadingSkeleton className={styles.article}>
      <Skeleton animated className={styles.skeletonDate} />
      <Skeleton.Paragraph animated lineCount={5} />
      <Skeleton.Title animated />
      <Skeleton.Paragraph animated lineCount={4} />
    </LoadingSkeleton>
  );
}

function NotFound() {
  const { t } = useTranslation();
  const goBack = useUnit(goBackFx);
  return (
    <EmptyState
      title={t('configDetail.notFoundTitle')}
      hint={t('configDetail.notFoundHint')}
      action={{ label: t('common.back'), onClick: () => void goBack(PATHS.root) }}
    />
  );
}

function PageLoadError() {
  const { t } = useTranslation();
  const retry = useUnit(retryClicked);
  return (
    <LoadError
      title={t('configDetail.errorTitle')}
      hint={t('configDetail.errorHint')}
      onRetry={retry}
    />
  );
}
