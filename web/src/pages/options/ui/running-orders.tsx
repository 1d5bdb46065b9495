import { formatPrice, useTicker, $symbolsById } from '#entities/market';
import { Countdown, estimateOf, signedAmount, toneOf } from '#entities/option';
import { formatAmount, useNumberStyle } from '#shared/format';
import { useDateFormat } from '#shared/i18n';
import { PATHS } from '#shared/routing';
import { EmptyState, LoadError, LoadingSkeleton } from '#shared/ui/states';
import type { OptionOrder } from '@bourse/protocol';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useStoreMap, useUnit } from 'effector-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { $running, $runningFailed, retryClicked } from '../model/page.ts';
import styles from './options-page.module.css';

/** The orders waiting or counting down, each with its countdown and live estimate. */
export function RunningOrders() {
  const { t } = useTranslation();
  const [running, failed, retry] = useUnit([$running, $runningFailed, retryClicked]);
  return (
    <section className={styles.running} aria-labelledby="options-running">
      <h2 id="options-running" className={styles.sectionTitle}>
        {t('options.running.title', { count: running?.length ?? 0 })}
      </h2>
      {running === null ? (
        failed ? (
          <LoadError
            title={t('options.running.loadFailed')}
            hint={t('errors.pageLoadHint')}
            onRetry={retry}
            compact
          />
        ) : (
          <LoadingSkeleton className={styles.cards}>
            <Skeleton animated className={styles.cardSkeleton} />
          </LoadingSkeleton>
        )
      ) : running.length === 0 ? (
        <EmptyState
          emptyList
          title={t('options.running.empty')}
          hint={t('options.running.emptyHint')}
        />
      ) : (
        <ul className={styles.cards} data-testid="running-orders">
          {running.map((order) => (
            <RunningCard key={order.id} order={order} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** One order: it re-renders when its own symbol's price moves, its countdown on its own. */
function RunningCard({ order }: { order: OptionOrder }) {
  const { t } = useTranslation();
  const numbers = useNumberStyle();
  const time = useDateFormat('timeSeconds');
  const ticker = useTicker(order.symbol_id);
  const precision = useStoreMap({
    store: $symbolsById,
    keys: [order.symbol_id],
    fn: (byId, [id]) => byId[id]?.price_precision ?? 2,
  });
  const current = ticker?.last_price ?? order.current_price;
  const estimate = estimateOf(order, current);
  const tone = toneOf(estimate);
  return (
    <li className={styles.card} data-testid="running-order">
      <Link to={`${PATHS.optionsDetail}?id=${order.id}`} className={styles.cardLink}>
        <div className={styles.cardHead}>
          <span className={styles.cardSymbol}>{order.symbol}</span>
          <span className={order.direction === 'up' ? styles.up : styles.down}>
            {t(`options.direction.${order.direction}`)}
          </span>
          {order.settle_at === null ? (
            <span className={styles.muted}>
              {order.start_at === null
                ? t('options.status.ordering')
                : t('options.startsAt', { time: time.format(order.start_at) })}
            </span>
          ) : (
            <Countdown settleAt={order.settle_at} className={styles.countdown} />
          )}
        </div>
        <dl className={styles.figures}>
          <Figure
            label={t('options.amount')}
            value={`${formatAmount(order.amount, 2, numbers)} USDT`}
          />
          <Figure
            label={t('options.entry')}
            value={formatPrice(order.open_price, precision, numbers)}
          />
          <Figure label={t('options.current')} value={formatPrice(current, precision, numbers)} />
          <Figure
            label={t('options.estimate')}
            value={estimate === null ? '—' : `${signedAmount(estimate, numbers)} USDT`}
            tone={tone === undefined ? undefined : styles[tone]}
            testId="running-estimate"
          />
        </dl>
      </Link>
    </li>
  );
}

function Figure({
  label,
  value,
  tone,
  testId,
}: {
  label: string;
  value: string;
  tone?: string | undefined;
  testId?: string;
}) {
  return (
    <div className={styles.figure}>
      <dt>{label}</dt>
      <dd className={`num ${tone ?? ''}`} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
