import { SOURCE_KEYS, type PositionSummary } from '#entities/contract-history';
import { formatAmount, localizeDecimal, useNumberStyle } from '#shared/format';
import { useDateFormat } from '#shared/i18n';
import { PATHS } from '#shared/routing';
import { Page } from '#shared/ui';
import { EmptyState, LoadError, LoadingSkeleton } from '#shared/ui/states';
import Skeleton from 'antd-mobile/es/components/skeleton';
import Tag from 'antd-mobile/es/components/tag';
import { useGate, useUnit } from 'effector-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { $position, $status, PositionDetailGate, retryClicked } from '../model/position-detail.ts';
import styles from './detail.module.css';

/** One position of the history: opened and closed, entry and exit, PnL, fees, who closed it. */
export function ContractDetail1Page() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  useGate(PositionDetailGate, { id: search.get('id') });
  const [status, position, retry] = useUnit([$status, $position, retryClicked]);
  const navigate = useNavigate();
  return (
    <Page title={t('contractDetail.positionTitle')} back={`${PATHS.contractLog}?tab=positions`}>
      {status === 'loading' ? (
        <LoadingSkeleton className={styles.skeleton}>
          <Skeleton.Title animated />
          <Skeleton.Paragraph animated lineCount={8} />
        </LoadingSkeleton>
      ) : null}
      {status === 'ready' && position ? <PositionCard position={position} /> : null}
      {status === 'notFound' ? (
        <EmptyState
          title={t('contractDetail.notFoundTitle')}
          hint={t('contractDetail.notFoundHint')}
          action={{
            label: t('contractDetail.toHistory'),
            onClick: () => void navigate(`${PATHS.contractLog}?tab=positions`, { replace: true }),
          }}
        />
      ) : null}
      {status === 'error' ? (
        <LoadError
          title={t('contractDetail.errorTitle')}
          hint={t('errors.pageLoadHint')}
          onRetry={retry}
        />
      ) : null}
    </Page>
  );
}

function PositionCard({ position }: { position: PositionSummary }) {
  const { t } = useTranslation();
  const numbers = useNumberStyle();
  const date = useDateFormat('dateTime');
  const none = t('contractDetail.none');
  const price = (value: string | null) => (value === null ? none : formatAmount(value, 2, numbers));
  const time = (at: number | null) => (at === null ? none : date.format(new Date(at)));
  const pnl = position.realizedPnl;
  const pnlTone = /[1-9]/.test(pnl) ? (pnl.startsWith('-') ? styles.loss : styles.profit) : '';
  const lines: { label: string; value: string; className?: string }[] = [
    { label: t('contractDetail.leverage'), value: `${String(position.leverage)}×` },
    { label: t('contractDetail.quantity'), value: localizeDecimal(position.quantity, numbers) },
    {
      label: t('contractDetail.closedQuantity'),
      value: localizeDecimal(position.closedQuantity, numbers),
    },
    { label: t('contractDetail.entryPrice'), value: price(position.entryPrice) },
    { label: t('contractDetail.exitPrice'), value: price(position.exitPrice) },
    {
      label: t('contractDetail.realizedPnl'),
      value: `${formatAmount(pnl, 2, numbers)} USDT`,
      className: pnlTone,
    },
    { label: t('contractDetail.fees'), value: `${formatAmount(position.fees, 2, numbers)} USDT` },
    { label: t('contractDetail.openedAt'), value: time(position.openedAt) },
    { label: t('contractDetail.closedAt'), value: time(position.closedAt) },
    {
      label: t('contractDetail.source.label'),
      value: position.source === null ? none : t(SOURCE_KEYS[position.source]),
    },
  ];
  return (
    <article className={styles.card}>
      <div className={styles.head}>
        <h2 className={styles.symbol}>{position.symbol}</h2>
        <span className={position.direction === 'long' ? styles.long : styles.short}>
          {t(`contractDetail.direction.${position.direction}`)}
        </span>
        <Tag color={position.closed ? 'default' : 'primary'} fill="outline">
          {t(position.closed ? 'contractDetail.closed' : 'contractDetail.open')}
        </Tag>
      </div>
      <dl className={styles.lines}>
        {lines.map((line) => (
          <div key={line.label} className={styles.line}>
            <dt>{line.label}</dt>
            <dd className={line.className}>{line.value}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}
