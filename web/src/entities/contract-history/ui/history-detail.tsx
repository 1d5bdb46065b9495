import type { DetailStatus } from '#shared/api/detail';
import { Page } from '#shared/ui';
import { EmptyState, LoadError, LoadingSkeleton } from '#shared/ui/states';
import Skeleton from 'antd-mobile/es/components/skeleton';
import Tag, { type TagProps } from 'antd-mobile/es/components/tag';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import styles from './detail.module.css';

/**
 * A detail form of the contract history (an order, a position): its page, with the loading,
 * not-found (a way back to the history at `back`) and error states around the card `children`.
 */
export function HistoryDetail({
  title,
  back,
  status,
  onRetry,
  mark,
  children,
}: {
  title: string;
  /** the history, on the tab the record is listed in */
  back: string;
  status: DetailStatus;
  onRetry: () => void;
  /** the header's right side once the record is in: which accounts it moved */
  mark?: ReactNode;
  /** the card, drawn once the record is in */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Page title={title} back={back} extra={status === 'ready' ? mark : undefined}>
      {status === 'loading' ? (
        <LoadingSkeleton className={styles.skeleton}>
          <Skeleton.Title animated />
          <Skeleton.Paragraph animated lineCount={8} />
        </LoadingSkeleton>
      ) : null}
      {status === 'ready' ? children : null}
      {status === 'notFound' ? (
        <EmptyState
          title={t('contractDetail.notFoundTitle')}
          hint={t('contractDetail.notFoundHint')}
          action={{
            label: t('contractDetail.toHistory'),
            onClick: () => void navigate(back, { replace: true }),
          }}
        />
      ) : null}
      {status === 'error' ? (
        <LoadError
          title={t('contractDetail.errorTitle')}
          hint={t('errors.pageLoadHint')}
          onRetry={onRetry}
        />
      ) : null}
    </Page>
  );
}

export interface HistoryLine {
  readonly label: string;
  readonly value: string;
  /** a PnL: drawn in the profit or the loss colour */
  readonly tone?: 'profit' | 'loss' | undefined;
}

/** The card of a history record: symbol, side, status tag, then its lines. */
export function HistoryCard({
  symbol,
  long,
  side,
  tag,
  lines,
}: {
  symbol: string;
  /** the side is drawn in the long (profit) colour, else the short's */
  long: boolean;
  side: string;
  tag: { readonly label: string; readonly color: TagProps['color'] };
  lines: readonly HistoryLine[];
}) {
  return (
    <article className={styles.card}>
      <div className={styles.head}>
        <h2 className={styles.symbol}>{symbol}</h2>
        <span className={long ? styles.long : styles.short}>{side}</span>
        <Tag color={tag.color} fill="outline">
          {tag.label}
        </Tag>
      </div>
      <dl className={styles.lines}>
        {lines.map((line) => (
          <div key={line.label} className={styles.line}>
            <dt>{line.label}</dt>
            <dd className={line.tone === undefined ? undefined : styles[line.tone]}>
              {line.value}
            </dd>
          </div>
        ))}
      </dl>
    </article>
  );
}
