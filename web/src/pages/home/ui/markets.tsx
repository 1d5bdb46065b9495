import {
  $symbols,
  $tickers,
  CATEGORY_LABEL_KEYS,
  ChangeText,
  FlashCell,
  MarketFeedGate,
  PriceText,
  Sparkline,
  SYMBOL_CATEGORIES,
  SymbolIcon,
  type SymbolInfo,
  type Ticker,
} from '#entities/market';
import { PATHS } from '#shared/routing';
import { EmptyState, LoadError, LoadingSkeleton } from '#shared/ui/states';
import Skeleton from 'antd-mobile/es/components/skeleton';
import Tabs from 'antd-mobile/es/components/tabs';
import { useGate, useUnit } from 'effector-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  $category,
  $featured,
  $featuredView,
  $sparklines,
  $sparklinesFailed,
  categoryChosen,
  featuredRetryClicked,
  symbolTapped,
} from '../model/featured.ts';
import { $topMovers } from '../model/movers.ts';
import { FEATURED_COUNT } from '../lib/market.ts';
import { HomeSection } from './section.tsx';
import styles from './home-page.module.css';

/** Holds the live feed's Data24h topic while the home screen is open. */
export function MarketFeed() {
  useGate(MarketFeedGate);
  return null;
}

const chartPath = (symbol: SymbolInfo) => `${PATHS.kline}?symbol=${encodeURIComponent(symbol.id)}`;

/** Featured markets: a tab per category, its first symbols with live price, change and chart. */
export function FeaturedMarkets() {
  const { t } = useTranslation();
  const [category, view, retry, choose] = useUnit([
    $category,
    $featuredView,
    featuredRetryClicked,
    categoryChosen,
  ]);
  return (
    <HomeSection
      id="home-featured"
      title={t('home.featured.title')}
      more={{
        to: PATHS.quotes,
        text: t('home.featured.more'),
      }}
    >
      <Tabs
        className={styles.tabs}
        activeKey={category}
        onChange={(key) => {
          const chosen = SYMBOL_CATEGORIES.find((known) => known === key);
          if (chosen) choose(chosen);
        }}
      >
        {SYMBOL_CATEGORIES.map((key) => (
          <Tabs.Tab key={key} title={t(CATEGORY_LABEL_KEYS[key])} />
        ))}
      </Tabs>
      {view === 'loading' ? <SymbolRowSkeletons count={FEATURED_COUNT} /> : null}
      {view === 'error' ? (
        <LoadError
          className={styles.sectionState}
          compact
          title={t('home.featured.errorTitle')}
          hint={t('home.featured.errorHint')}
          onRetry={retry}
        />
      ) : null}
      {view === 'empty' ? (
        <EmptyState
          className={styles.sectionState}
          title={t('home.featured.emptyTitle')}
          hint={t('home.featured.emptyHint')}
        />
      ) : null}
      {view === 'ready' ? <FeaturedList /> : null}
    </HomeSection>
  );
}

function FeaturedList() {
  const { t } = useTranslation();
  const [category, featured, tickers, sparklines, failed] = useUnit([
    $category,
    $featured,
    $tickers,
    $sparklines,
    $sparklinesFailed,
  ]);
  return (
    <ul
      className={styles.rows}
      aria-label={t('home.featured.listLabel', { category: t(CATEGORY_LABEL_KEYS[category]) })}
    >
      {featured.map((symbol) => (
        <li key={symbol.id}>
          <SymbolRow
            symbol={symbol}
            ticker={tickers[symbol.id]}
            chart={<SparklineCell points={sparklines[symbol.id]} failed={failed.has(symbol.id)} />}
          />
        </li>
      ))}
    </ul>
  );
}

function SparklineCell({
  points,
  failed,
}: {
  points: readonly string[] | undefined;
  failed: boolean;
}) {
  const { t } = useTranslation();
  if (points !== undefined && points.length > 1) {
    return <Sparkline closes={points} width={64} height={28} />;
  }
  if (failed || points !== undefined) {
    return (
      <span className={styles.noChart} title={t('home.featured.sparklineMissing')}>
        <span className="visually-hidden">{t('home.featured.sparklineMissing')}</span>
      </span>
    );
  }
  return <Skeleton animated className={styles.sparkSkeleton} />;
}

/** One symbol: icon, names, optional chart, live price and change; opens its chart. */
function SymbolRow({
  symbol,
  ticker,
  chart,
  rank,
}: {
  symbol: SymbolInfo;
  ticker: Ticker | undefined;
  chart?: React.ReactNode;
  rank?: number;
}) {
  const { t } = useTranslation();
  const tapped = useUnit(symbolTapped);
  return (
    <Link
      className={styles.row}
      to={chartPath(symbol)}
      onClick={() => {
        tapped(symbol);
      }}
    >
      {rank === undefined ? null : (
        // the list is ordered: the number is for the eye
        <span className={styles.rank} aria-hidden="true">
          {rank}
        </span>
      )}
      <SymbolIcon icon={symbol.icon} display={symbol.display} size={32} />
      <span className={styles.names}>
        <span className={styles.display}>{symbol.display}</span>
        <span className={styles.name}>
          {ticker?.status === 'closed' ? (
            <span className={styles.closed}>{t('home.featured.closed')}</span>
          ) : null}
          <span className={styles.nameText}>{symbol.name}</span>
        </span>
      </span>
      {chart === undefined ? null : <span className={styles.chart}>{chart}</span>}
      <span className={styles.quote}>
        <FlashCell value={ticker?.last_price} className={styles.price}>
          <PriceText value={ticker?.last_price} precision={symbol.price_precision} />
        </FlashCell>
        <ChangeText value={ticker?.change_rate} className={styles.change} />
      </span>
    </Link>
  );
}

function SymbolRowSkeletons({ count }: { count: number }) {
  return (
    <LoadingSkeleton className={styles.rows}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={styles.row} aria-hidden="true">
          <Skeleton animated className={styles.iconSkeleton} />
          <span className={styles.names}>
            <Skeleton animated className={styles.lineSkeleton} />
            <Skeleton animated className={styles.lineSkeletonShort} />
          </span>
          <span className={styles.quote}>
            <Skeleton animated className={styles.lineSkeleton} />
          </span>
        </div>
      ))}
    </LoadingSkeleton>
  );
}

/** The three biggest 24 h risers across every market, live. */
export function TopMovers() {
  const { t } = useTranslation();
  const [movers, symbols, featuredView, retry] = useUnit([
    $topMovers,
    $symbols,
    $featuredView,
    featuredRetryClicked,
  ]);
  let body: React.ReactNode;
  if (featuredView === 'error') {
    body = (
      <LoadError
        className={styles.sectionState}
        compact
        title={t('home.movers.errorTitle')}
        hint={t('home.featured.errorHint')}
        onRetry={retry}
      />
    );
  } else if (movers.length === 0) {
    body =
      symbols.length === 0 ? (
        <SymbolRowSkeletons count={3} />
      ) : (
        <p className={styles.waiting} role="status">
          {t('home.movers.waiting')}
        </p>
      );
  } else {
    body = (
      <ol className={styles.rows} aria-label={t('home.movers.title')}>
        {movers.map((mover, index) => (
          <li key={mover.symbol.id}>
            <SymbolRow symbol={mover.symbol} ticker={mover.ticker} rank={index + 1} />
          </li>
        ))}
      </ol>
    );
  }
  return (
    <HomeSection id="home-movers" title={t('home.movers.title')}>
      <p className={styles.sectionHint}>{t('home.movers.hint')}</p>
      {body}
    </HomeSection>
  );
}
