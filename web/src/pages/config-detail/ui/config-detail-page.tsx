import { SafeHtml } from '#shared/html';
import { Page } from '#shared/ui';
import { PATHS } from '#shared/routing';
import Button from 'antd-mobile/es/components/button';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useGate, useUnit } from 'effector-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useDateFormat } from '#shared/i18n';
import {
  $page,
  $routeKey,
  $status,
  ConfigPageGate,
  type ConfigPage,
  retryClicked,
} from '../model/config-page.ts';
import styles from './config-detail-page.module.css';

const DATE: Intl.DateTimeFormatOptions = { dateStyle: 'long' };

export function ConfigDetailPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const key = search.get('key');
  useGate(ConfigPageGate, { key });
  const { status, page, routeKey } = useUnit({ status: $status, page: $page, routeKey: $routeKey });

  // A link to another policy opens it from its top.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [key]);

  let title = t('configDetail.notFoundTitle');
  if (page) title = page.title;
  else if (routeKey !== null && routeKey !== 'unknown')
    title = t(`configDetail.titles.${routeKey}`);

  return (
    <Page title={title}>
      {status === 'loading' ? <PageSkeleton /> : null}
      {status === 'ready' && page ? <PolicyText page={page} /> : null}
      {status === 'notFound' ? <NotFound /> : null}
      {status === 'error' ? <LoadError /> : null}
    </Page>
  );
}

function PolicyText({ page }: { page: ConfigPage }) {
  const { t } = useTranslation();
  const date = useDateFormat(DATE);
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
  const { t } = useTranslation();
  return (
    <div role="status" aria-busy="true" aria-label={t('common.loading')} className={styles.article}>
      <Skeleton animated className={styles.skeletonDate} />
      <Skeleton.Paragraph animated lineCount={5} />
      <Skeleton.Title animated />
      <Skeleton.Paragraph animated lineCount={4} />
    </div>
  );
}

function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = () => {
    if (window.history.length > 1) void navigate(-1);
    else void navigate(PATHS.root, { replace: true });
  };
  return (
    <div className={styles.state}>
      <ErrorBlock
        status="empty"
        title={t('configDetail.notFoundTitle')}
        description={t('configDetail.notFoundHint')}
      >
        <Button color="primary" onClick={goBack}>
          {t('common.back')}
        </Button>
      </ErrorBlock>
    </div>
  );
}

function LoadError() {
  const { t } = useTranslation();
  const retry = useUnit(retryClicked);
  return (
    <div className={styles.state} role="alert">
      <ErrorBlock
        status="disconnected"
        title={t('configDetail.errorTitle')}
        description={t('configDetail.errorHint')}
      >
        <Button
          color="primary"
          onClick={() => {
            retry();
          }}
        >
          {t('common.retry')}
        </Button>
      </ErrorBlock>
    </div>
  );
}
