import { AccountModeMark } from '#entities/balance';
import { formatPrice, MarketFeedGate, useTicker, $symbolsById } from '#entities/market';
import {
  Countdown,
  durationOfSeconds,
  estimateOf,
  RESULT_KEYS,
  signedAmount,
  toneOf,
} from '#entities/option';
import { asPercent, formatAmount, localizeDecimal, useNumberStyle } from '#shared/format';
import { useDateFormat } from '#shared/i18n';
import { PATHS } from '#shared/routing';
import { HeaderLink, Page } from '#shared/ui';
import { EmptyState, LoadError, LoadingSkeleton } from '#shared/ui/states';
import type { OptionOrder } from '@bourse/protocol';
import Skeleton from 'antd-mobile/es/components/skeleton';
import Tag from 'antd-mobile/es/components/tag';
import { useGate, useStoreMap, useUnit } from 'effector-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { $order, $status, OptionDetailGate, retryClicked } from '../model/order-detail.ts';
import { CancelOrdering } from './cancel-ordering.tsx';
import { AuditTicks } from './audit-ticks.tsx';
import styles from './detail.module.css';

/** One option order by the id of its address: the order, its countdown, then its result and audit. */
export function OptionsDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  useGate(OptionDetailGate, { id: search.get('id') });
  useGate(MarketFeedGate, {});
  const [status, order, retry] = useUnit([$status, $order, retryClicked]);
  const back = `${PATHS.optionsLog}?tab=${order?.status === 'cancelled' ? 'settled' : (order?.status ?? 'trading')}`;
  return (
    <Page
      title={t('options.detail.title')}
      back={back}
      extra={
        order ? (
          <HeaderLink to={`${PATHS.opKline}?symbol=${order.symbol_id}&order=${order.id}`}>
            {t('options.detail.chart')}
          </HeaderLink>
        ) : undefined
      }
    >
      {status === 'loading' ? (
        <LoadingSkeleton className={styles.skeleton}>
          <Skeleton.Title animated />
          <Skeleton.Paragraph animated lineCount={8} />
        </LoadingSkeleton>
      ) : null}
      {status === 'ready' && order ? <OrderCard order={order} /> : null}
      {status === 'notFound' ? (
        <EmptyState
          title={t('options.detail.notFound')}
          hint={t('options.detail.notFoundHint')}
          action={{
            label: t('options.records'),
            onClick: () => void navigate(PATHS.optionsLog, { replace: true }),
          }}
        />
      ) : null}
      {status === 'error' ? (
        <LoadError
          title={t('options.detail.loadFailed')}
          hint={t('errors.pageLoadHint')}
          onRetry={retry}
        />
      ) : null}
    </Page>
  );
}

function OrderCard({ order }: { order: OptionOrder }) {
  const { t } = useTranslation();
  const numbers = useNumberStyle();
  const date = useDateFormat('dateTime');
  const seconds = useDateFormat('timeSeconds');
  const precision = useStoreMap({
    store: $symbolsById,
    keys: [order.symbol_id],
    fn: (byId, [id]) => byId[id]?.price_precision ?? 2,
  });
  const price = (value: string | null) => formatPrice(value, precision, numbers);
  const when = (value: number | null) => (value === null ? '—' : seconds.format(value));
  const { key, count } = durationOfSeconds(order.seconds);
  const lines: { label: string; value: ReactNode; tone?: string | undefined; testId?: string }[] = [
    { label: t('options.detail.orderNo'), value: order.order_no },
    { label: t('options.duration'), value: t(key, { count }) },
    { label: t('options.amount'), value: `${formatAmount(order.amount, 2, numbers)} USDT` },
    {
      label: t('options.confirm.rate'),
      value: asPercent(localizeDecimal(order.payout_rate, numbers), numbers),
    },
    { label: t('options.detail.fee'), value: `${formatAmount(order.fee, 2, numbers)} USDT` },
    { label: t('options.entry'), value: price(order.open_price) },
    { label: t('options.detail.entryAt'), value: when(order.open_tick_at) },
    { label: t('options.detail.settleAt'), value: when(order.settle_at) },
  ];
  if (order.status === 'settled' || order.status === 'cancelled') {
    lines.push(
      { label: t('options.detail.exit'), value: price(order.close_price) },
      { label: t('options.detail.exitAt'), value: when(order.close_tick_at) },
      {
        label: t('options.detail.profit'),
        value: `${signedAmount(order.profit, numbers)} USDT`,
        tone: toneOf(order.profit),
        testId: 'detail-profit',
      },
      {
        label: t('options.detail.payout'),
        value: `${formatAmount(order.payout, 2, numbers)} USDT`,
        testId: 'detail-payout',
      },
    );
  }
  lines.push({ label: t('options.detail.createdAt'), value: date.format(order.created_at) });
  return (
    <>
      <article className={styles.card}>
        <div className={styles.head}>
          <h2 className={styles.symbol}>{order.symbol}</h2>
          <span className={order.direction === 'up' ? styles.up : styles.down}>
            {t(`options.direction.${order.direction}`)}
          </span>
          <Tag color={order.status === 'settled' ? 'default' : 'primary'} fill="outline">
            {t(`options.status.${order.status}`)}
          </Tag>
          <AccountModeMark mode={order.account_mode} />
        </div>
        <Headline order={order} precision={precision} />
        <dl className={styles.lines}>
          {lines.map((line) => (
            <div key={line.label} className={styles.line}>
              <dt>{line.label}</dt>
              <dd
                className={`num ${line.tone === undefined ? '' : styles[line.tone]}`}
                data-testid={line.testId}
              >
                {line.value}
              </dd>
            </div>
          ))}
        </dl>
      </article>
      {order.status === 'ordering' ? <CancelOrdering /> : null}
      <AuditTicks order={order} precision={precision} />
    </>
  );
}

/** While it runs: its countdown and live estimate; once settled: its result. */
function Headline({ order, precision }: { order: OptionOrder; precision: number }) {
  const { t } = useTranslation();
  const numbers = useNumberStyle();
  const ticker = useTicker(order.symbol_id);
  if (order.result !== null || order.status === 'cancelled') {
    const tone = toneOf(order.profit);
    return (
      <p className={`${styles.headline} ${tone === undefined ? '' : styles[tone]}`}>
        <span data-testid="detail-result">
          {order.result === null ? t('options.status.cancelled') : t(RESULT_KEYS[order.result])}
        </span>
        <span className="num">{signedAmount(order.profit, numbers)} USDT</span>
      </p>
    );
  }
  if (order.settle_at === null) {
    return <p className={styles.headline}>{t('options.status.ordering')}</p>;
  }
  const current = ticker?.last_price ?? order.current_price;
  const estimate = estimateOf(order, current);
  const tone = toneOf(estimate);
  return (
    <p className={styles.headline}>
      <Countdown settleAt={order.settle_at} />
      <span className="num">{formatPrice(current, precision, numbers)}</span>
      <span className={`num ${tone === undefined ? '' : styles[tone]}`}>
        {t('options.estimateShort', {
          amount: estimate === null ? '—' : signedAmount(estimate, numbers),
        })}
      </span>
    </p>
  );
}
