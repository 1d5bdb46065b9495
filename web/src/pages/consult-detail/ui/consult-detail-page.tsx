import { PATHS } from '#shared/routing';
import { SafeHtml } from '#shared/html';
import { Page } from '#shared/ui';
import Button from 'antd-mobile/es/components/button';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import Skeleton from 'antd-mobile/es/components/skeleton';
import Tag from 'antd-mobile/es/components/tag';
import { useGate, useUnit } from 'effector-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  $entry,
  $status,
  HelpEntryGate,
  type HelpEntry,
  retryClicked,
} from '../model/help-entry.ts';
import styles from './consult-detail-page.module.css';

export function ConsultDetailPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  useGate(HelpEntryGate, { id: search.get('id') });
  const { status, entry } = useUnit({ status: $status, entry: $entry });
  return (
    <Page title={t('consultDetail.title')}>
      {status === 'loading' ? <AnswerSkeleton /> : null}
      {status === 'ready' && entry ? <Answer entry={entry} /> : null}
      {status === 'notFound' ? <NotFound /> : null}
      {status === 'error' ? <LoadError /> : null}
    </Page>
  );
}

function Answer({ entry }: { entry: HelpEntry }) {
  const { t } = useTranslation();
  return (
    <>
      <article className={styles.article}>
        <Tag color="primary" fill="outline" className={styles.category}>
          {entry.category}
        </Tag>
        <h2 className={styles.title}>{entry.title}</h2>
        <SafeHtml html={entry.content} />
      </article>
      <Link to={PATHS.consult} className={styles.support}>
        <span className={styles.supportText}>
          <span className={styles.supportTitle}>{t('consultDetail.stillStuck')}</span>
          <span className={styles.supportHint}>{t('consultDetail.contactSupport')}</span>
        </span>
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
          <path
            d="M9 5l7 7-7 7"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
      </Link>
    </>
  );
}

function AnswerSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-busy="true" aria-label={t('common.loading')} className={styles.article}>
      <Skeleton animated className={styles.skeletonTag} />
      <Skeleton.Title animated />
      <Skeleton.Paragraph animated lineCount={5} />
    </div>
  );
}

function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className={styles.state}>
      <ErrorBlock
        status="empty"
        title={t('consultDetail.notFoundTitle')}
        description={t('consultDetail.notFoundHint')}
      >
        <Button color="primary" onClick={() => void navigate(PATHS.help, { replace: true })}>
          {t('consultDetail.toHelp')}
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
        title={t('consultDetail.errorTitle')}
        description={t('consultDetail.errorHint')}
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
