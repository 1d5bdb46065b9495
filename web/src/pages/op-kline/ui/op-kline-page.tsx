import { TrendChart } from '#features/option-chart';
import { ChangeText, formatPrice, LiveStatus, MarketFeedGate, PriceText } from '#entities/market';
import { Countdown, RESULT_KEYS, signedAmount, toneOf } from '#entities/option';
import { useNumberStyle } from '#shared/format';
import { PATHS } from '#shared/routing';
import { Page } from '#shared/ui';
import { Segmented } from '#shared/ui/form';
import { LoadError, LoadingSkeleton } from '#shared/ui/states';
import type { OptionOrder } from '@bourse/protocol';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useGate, useUnit } from 'effector-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import {
  $historyFailed,
  $order,
  $points,
  $symbol,
  $ticker,
  $window,
  OpKlineGate,
  retryClicked,
  windowPicked,
  WINDOWS,
  type ChartWindow,
} from '../model/op-kline.ts';
import styles from './op-kline-page.module.css';

/** The options chart: the symbol's live line, with an order's entry and its expiry marked. */
export function OpKlinePage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const query = useMemo(
    () => ({ symbolId: search.get('symbol'), orderId: search.get('order') }),
    [search],
  );
  useGate(OpKlineGate, query);
  useGate(MarketFeedGate, {});
  const [symbol, ticker] = useUnit([$symbol, $ticker]);
  const back =
    query.orderId === null ? PATHS.options : `${PATHS.optionsDetail}?id=${query.orderId}`;
  return (
    <Page title={t('options.chart.title', { symbol: symbol?.display ?? '' })} back={back} flush>
      <div className={styles.body}>
        <LiveStatus />
        <div className={styles.quote} data-testid="op-kline-quote">
          <PriceText
            value={ticker?.last_price}
            precision={symbol?.price_precision ?? 2}
            className={styles.lastPrice}
          />
          <ChangeText value={ticker?.change_rate} />
        </div>
        <WindowPicker />
        <Chart />
        <OrderPanel />
      </div>
    </Page>
  );
}

function WindowPicker() {
  const { t } = useTranslation();
  const [value, pick] = useUnit([$window, windowPicked]);
  return (
    <div className={styles.windows}>
      <Segmented<string>
        legend={t('options.chart.window')}
        options={WINDOWS.map((minutes) => ({
          value: String(minutes),
          label: t('options.unit.minute', { count: minutes }),
        }))}
        value={String(value)}
        onChange={(next) => {
          pick(Number(next) as ChartWindow);
        }}
      />
    </div>
  );
}

function Chart() {
  const { t } = useTranslation();
  const [points, symbol, order, minutes, failed, retry] = useUnit([
    $points,
    $symbol,
    $order,
    $window,
    $historyFailed,
    retryClicked,
  ]);
  const marks = useMemo(
    () =>
      order === null || order.open_price === null || order.settle_at === null
        ? []
        : [
            {
              id: order.id,
              direction: order.direction,
              price: order.open_price,
              openAt: order.open_tick_at ?? order.opened_at ?? order.created_at,
              settleAt: order.settle_at,
            },
          ],
    [order],
  );
  if (failed && points.length === 0) {
    return (
      <LoadError
        title={t('options.loadFailed')}
        hint={t('errors.pageLoadHint')}
        onRetry={retry}
        compact
      />
    );
  }
  if (symbol === null || points.length === 0) {
    return (
      <LoadingSkeleton className={styles.chart}>
        <Skeleton animated className={styles.chartSkeleton} />
      </LoadingSkeleton>
    );
  }
  return (
    <TrendChart
      className={styles.chart}
      points={points}
      marks={marks}
      precision={symbol.price_precision}
      symbol={symbol.display}
      windowMs={minutes * 60_000}
      fitMarks
    />
  );
}

function OrderPanel() {
  const order = useUnit($order);
  if (order === null) return null;
  return <OrderSummary order={order} />;
}

function OrderSummary({ order }: { order: OptionOrder }) {
  const { t } = useTranslation();
  const numbers = useNumberStyle();
  const symbol = useUnit($symbol);
  const tone = toneOf(order.profit);
  return (
    <section className={styles.order} aria-label={t('options.chart.order')}>
      <span className={order.direction === 'up' ? styles.up : styles.down}>
        {t(`options.direction.${order.direction}`)}
      </span>
      <span className="num">
        {t('options.chart.entryAt', {
          price: formatPrice(order.open_price, symbol?.price_precision ?? 2, numbers),
        })}
      </span>
      {order.result !== null ? (
        <span className={`num ${tone === undefined ? '' : styles[tone]}`}>
          {t(RESULT_KEYS[order.result])} {signedAmount(order.profit, numbers)} USDT
        </span>
      ) : order.settle_at === null ? (
        <span>{t(`options.status.${order.status}`)}</span>
      ) : (
        <Countdown settleAt={order.settle_at} />
      )}
    </section>
  );
}
