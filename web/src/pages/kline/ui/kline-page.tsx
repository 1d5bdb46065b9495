import { CandleChartView, decimalsOf } from '#features/candle-chart';
import {
  ChangeText,
  formatPrice,
  LiveStatus,
  MarketFeedGate,
  PriceText,
  SymbolIcon,
  symbolSelected,
  useVolumeFormat,
  type SymbolInfo,
  type Ticker,
} from '#entities/market';
import { AccountLink } from '#entities/viewer';
import { useNumberStyle } from '#shared/format';
import { $online } from '#shared/socket';
import { isPathAvailable, PATHS } from '#shared/routing';
import { LineIcon, Page } from '#shared/ui';
import { EmptyState, LoadError, LoadingSkeleton } from '#shared/ui/states';
import Button from 'antd-mobile/es/components/button';
import Skeleton from 'antd-mobile/es/components/skeleton';
import type { KlinePeriod } from '@bourse/protocol';
import { useGate, useUnit } from 'effector-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import {
  $candles,
  $chartKey,
  $olderStatus,
  $symbol,
  $ticker,
  $view,
  KlineGate,
  olderRequested,
  olderRetried,
  periodOf,
  PERIODS,
  retryClicked,
  type KlineQuery,
} from '../model/kline.ts';
import styles from './kline-page.module.css';
import { SymbolSheet } from './symbol-sheet.tsx';

const SYMBOL_PARAM = 'symbol';
const PERIOD_PARAM = 'period';

/** The candlestick chart of one symbol: `?symbol=<id>&period=<period>`. */
export function KlinePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query: KlineQuery = useMemo(
    () => ({ symbolId: params.get(SYMBOL_PARAM), period: periodOf(params.get(PERIOD_PARAM)) }),
    [params],
  );
  useGate(KlineGate, query);
  useGate(MarketFeedGate, {});
  const [view, key, symbol, ticker, select] = useUnit([
    $view,
    $chartKey,
    $symbol,
    $ticker,
    symbolSelected,
  ]);
  const [sheetOpen, setSheetOpen] = useState(false);

  const show = (next: { symbolId?: string; period?: KlinePeriod }) => {
    const symbolId = next.symbolId ?? key?.symbolId ?? query.symbolId;
    const search = new URLSearchParams();
    if (symbolId !== null) search.set(SYMBOL_PARAM, symbolId);
    search.set(PERIOD_PARAM, next.period ?? query.period);
    setParams(search, { replace: true });
  };
  const pick = (picked: SymbolInfo) => {
    select(picked);
    show({ symbolId: picked.id });
    setSheetOpen(false);
  };

  const display = symbol?.display ?? ticker?.symbol ?? t('kline.title');
  const hasFooter = key !== null && view !== 'unknown' && availableTradeTargets().length > 0;
  return (
    <Page
      title={display}
      back={PATHS.quotes}
      flush
      withTabBar
      extra={
        <>
          <button
            type="button"
            className={styles.switchButton}
            aria-haspopup="dialog"
            aria-label={t('kline.switchSymbol')}
            onClick={() => {
              setSheetOpen(true);
            }}
          >
            <LineIcon d="M4 7h13l-3-3M20 17H7l3 3" />
          </button>
          <AccountLink />
        </>
      }
      footer={hasFooter ? <TradeButtons symbolId={key.symbolId} /> : undefined}
    >
      {view === 'unknown' ? (
        <EmptyState
          title={t('kline.unknownTitle')}
          hint={t('kline.unknownHint', { symbol: query.symbolId ?? '' })}
          action={{
            label: t('kline.chooseSymbol'),
            onClick: () => {
              setSheetOpen(true);
            },
          }}
        />
      ) : (
        <div className={`${styles.body} ${hasFooter ? styles.withFooter : ''}`}>
          <LiveStatus />
          <SymbolHeader
            symbol={symbol}
            ticker={ticker}
            onSwitch={() => {
              setSheetOpen(true);
            }}
          />
          <PeriodSwitcher
            period={query.period}
            onChange={(period) => {
              show({ period });
            }}
          />
          <ChartArea display={display} />
        </div>
      )}
      <SymbolSheet
        visible={sheetOpen}
        currentId={key?.symbolId ?? null}
        onClose={() => {
          setSheetOpen(false);
        }}
        onPicked={pick}
      />
    </Page>
  );
}

function SymbolHeader({
  symbol,
  ticker,
  onSwitch,
}: {
  symbol: SymbolInfo | null;
  ticker: Ticker | null;
  onSwitch: () => void;
}) {
  const { t } = useTranslation();
  const volume = useVolumeFormat();
  const numbers = useNumberStyle();
  const precision = symbol?.price_precision ?? 2;
  return (
    <section className={styles.summary} aria-label={t('kline.statsTitle')}>
      <button type="button" className={styles.symbol} onClick={onSwitch} aria-haspopup="dialog">
        {symbol ? <SymbolIcon icon={symbol.icon} display={symbol.display} size={36} /> : null}
        <span className={styles.symbolText}>
          <span className={styles.symbolDisplay}>{symbol?.display ?? ticker?.symbol ?? ''}</span>
          <span className={styles.symbolName}>{symbol?.name ?? ''}</span>
        </span>
        <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.4" />
        </svg>
        <span className="visually-hidden">{t('kline.switchSymbol')}</span>
      </button>
      <div className={styles.quote}>
        <PriceText value={ticker?.last_price} precision={precision} className={styles.lastPrice} />
        <span className={styles.quoteLine}>
          <ChangeText value={ticker?.change_rate} />
          {ticker?.status === 'closed' ? (
            <span className={styles.closed}>{t('kline.closed')}</span>
          ) : null}
        </span>
      </div>
      <dl className={styles.stats} data-testid="kline-stats">
        <Stat
          label={t('kline.stats.last')}
          value={formatPrice(ticker?.last_price, precision, numbers)}
        />
        <Stat label={t('kline.stats.high')} value={formatPrice(ticker?.high, precision, numbers)} />
        <Stat label={t('kline.stats.low')} value={formatPrice(ticker?.low, precision, numbers)} />
        <Stat label={t('kline.stats.volume')} value={volume(ticker?.volume)} />
        <Stat label={t('kline.stats.amount')} value={volume(ticker?.amount)} />
      </dl>
    </section>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className={styles.stat}>
      <dt>{label}</dt>
      <dd className="num">{value}</dd>
    </div>
  );
}

const OFFLINE_REASON_ID = 'kline-periods-offline';

function PeriodSwitcher({
  period,
  onChange,
}: {
  period: KlinePeriod;
  onChange: (period: KlinePeriod) => void;
}) {
  const { t } = useTranslation();
  // Another period is fetched from the server: not while offline, and the reason is given.
  const online = useUnit($online);
  return (
    <div
      className={styles.periods}
      role="group"
      aria-label={t('kline.period')}
      aria-describedby={online ? undefined : OFFLINE_REASON_ID}
      title={online ? undefined : t('market.live.offlineAction')}
    >
      {online ? null : (
        <span id={OFFLINE_REASON_ID} className="visually-hidden">
          {t('market.live.offlineAction')}
        </span>
      )}
      {PERIODS.map((candidate) => (
        <button
          key={candidate}
          type="button"
          className={styles.period}
          aria-pressed={candidate === period}
          disabled={!online}
          onClick={() => {
            if (candidate !== period) onChange(candidate);
          }}
        >
          {t(`chart.period.${candidate}`)}
          <span className="visually-hidden"> {t(`chart.periodName.${candidate}`)}</span>
        </button>
      ))}
    </div>
  );
}

function ChartArea({ display }: { display: string }) {
  const { t } = useTranslation();
  const [view, candles, key, symbol, older, requestOlder, retryOlder, retry] = useUnit([
    $view,
    $candles,
    $chartKey,
    $symbol,
    $olderStatus,
    olderRequested,
    olderRetried,
    retryClicked,
  ]);
  if (view === 'error') {
    return (
      <LoadError
        className={styles.state}
        title={t('kline.errorTitle')}
        hint={t('kline.errorHint')}
        onRetry={retry}
      />
    );
  }
  if (view === 'empty') {
    return (
      <EmptyState
        className={styles.state}
        title={t('kline.emptyTitle')}
        hint={t('kline.emptyHint', { symbol: display })}
      />
    );
  }
  if (view === 'loading' || key === null) {
    return (
      <LoadingSkeleton className={styles.chartArea}>
        <Skeleton animated className={styles.chartSkeleton} />
      </LoadingSkeleton>
    );
  }
  const precision = symbol?.price_precision ?? decimalsOf(candles.at(-1)?.close ?? '');
  return (
    <div className={styles.chartArea}>
      <CandleChartView
        className={styles.chart}
        candles={candles}
        period={key.period}
        precision={precision}
        symbol={display}
        onReachStart={requestOlder}
      />
      {older === 'loading' ? (
        <span className={styles.older} role="status">
          {t('kline.loadingOlder')}
        </span>
      ) : null}
      {older === 'failed' ? (
        <span className={styles.older} role="alert">
          {t('kline.olderFailed')}
          <Button size="mini" fill="none" color="primary" onClick={retryOlder}>
            {t('common.retry')}
          </Button>
        </span>
      ) : null}
    </div>
  );
}

/** Where the footer leads, each button shown once its page exists. */
const TRADE_TARGETS = [
  { path: PATHS.contract, labelKey: 'kline.tradeContract', primary: true },
  { path: PATHS.options, labelKey: 'kline.tradeOptions', primary: false },
] as const;

const availableTradeTargets = () => TRADE_TARGETS.filter((target) => isPathAvailable(target.path));

/** "Trade contract" and "Trade options" with the symbol. */
function TradeButtons({ symbolId }: { symbolId: string }) {
  const { t } = useTranslation();
  const search = `?${SYMBOL_PARAM}=${encodeURIComponent(symbolId)}`;
  return (
    <div className={styles.trade}>
      {availableTradeTargets().map((target) => (
        <Link
          key={target.path}
          to={`${target.path}${search}`}
          className={`${styles.tradeButton} ${target.primary ? styles.primary : ''}`}
        >
          {t(target.labelKey)}
        </Link>
      ))}
    </div>
  );
}
