import { isRouteAvailable, PATHS } from '#shared/routing';
import { LoadError, LoadingSkeleton } from '#shared/ui/states';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useUnit } from 'effector-react';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { $durationsFailed, $runningHere, $symbol, $trend, retryClicked } from '../model/page.ts';
import styles from './options-page.module.css';

// d3 and the drawing are not on the form's path: they load after the page has drawn.
const Trend = lazy(() => import('./trend.tsx'));

/** How much of the past the line shows. */
const WINDOW_MS = 3 * 60_000;

/** The live line with the entry of each running order of this symbol. */
export function ChartArea() {
  const { t } = useTranslation();
  const [points, running, symbol, failed, retry] = useUnit([
    $trend,
    $runningHere,
    $symbol,
    $durationsFailed,
    retryClicked,
  ]);
  const marks = useMemo(
    () =>
      running.flatMap((order) =>
        order.open_price === null || order.opened_at === null || order.settle_at === null
          ? []
          : [
              {
                id: order.id,
                direction: order.direction,
                price: order.open_price,
                openAt: order.open_tick_at ?? order.opened_at,
                settleAt: order.settle_at,
              },
            ],
      ),
    [running],
  );
  if (failed) {
    return (
      <LoadError
        className={styles.chartState}
        title={t('options.loadFailed')}
        hint={t('errors.pageLoadHint')}
        onRetry={retry}
        compact
      />
    );
  }
  const fullChart = isRouteAvailable(PATHS.opKline);
  const skeleton = (
    <LoadingSkeleton className={styles.chart}>
      <Skeleton animated className={styles.chartSkeleton} />
    </LoadingSkeleton>
  );
  if (symbol === null || points.length === 0) {
    // The link's row is kept while the line loads, so the form below does not move when it comes.
    return (
      <div className={styles.chartBlock}>
        {skeleton}
        {fullChart ? <span className={styles.chartLinkSpace} aria-hidden="true" /> : null}
      </div>
    );
  }
  return (
    <div className={styles.chartBlock}>
      <Suspense fallback={skeleton}>
        <Trend
          className={styles.chart}
          points={points}
          marks={marks}
          precision={symbol.price_precision}
          symbol={symbol.display}
          windowMs={WINDOW_MS}
        />
      </Suspense>
      {fullChart ? (
        <Link className={styles.chartLink} to={`${PATHS.opKline}?symbol=${symbol.id}`}>
          {t('options.fullChart')}
        </Link>
      ) : null}
    </div>
  );
}
