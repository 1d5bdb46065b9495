import { PATHS } from '#shared/routing';
import { SafeHtml } from '#shared/html';
import { Chevron, Page } from '#shared/ui';
import { EmptyState, LoadError, LoadingSkeleton } from '#shared/ui/states';
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
    <Page title={t('consultDetail.title')} back={PATHS.help}>
      {status === 'loading' ? <AnswerSkeleton /> : null}
      {status === 'ready' && entry ? <Answer entry={entry} /> : null}
      {status === 'notFound' ? <NotFound /> : null}
      {status === 'error' ? <AnswerLoadError /> : null}
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
        <Chevron />
      </Link>
    </>
  );
}

function AnswerSkeleton() {
  return (
    <LoadingSkeleton className={styles.article}>
      <Skeleton animated className={styles.skeletonTag} />
      <Skeleton.Title animated />
      <Skeleton.Paragraph animated lineCount={5} />
    </LoadingSkeleton>
  );
}

function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <EmptyState
      title={t('consultDetail.notFoundTitle')}
      hint={t('consultDetail.notFoundHint')}
      action={{
        label: t('consultDetail.toHelp'),
        onClick: () => void navigate(PATHS.help, { replace: true }),
      }}
    />
  );
}

function AnswerLoadError() {
  const { t } = useTranslation();
  const retry = useUnit(retryClicked);
  return (
    <LoadError
      title={t('consultDetail.errorTitle')}
      hint={t('consultDetail.errorHint')}
      onRetry={retry}
    />
  );
}
