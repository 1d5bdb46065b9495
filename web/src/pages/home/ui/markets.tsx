import {
  $tickers,
  CATEGORY_LABEL_KEYS,
  ChangeText,
  FlashCell,
  LiveStatus,
  marketPathOf,
  MarketFeedGate,
  PriceText,
  Sparkline,
  SYMBOL_CATEGORIES,
  SymbolIcon,
  useTicker,
  type SymbolInfo,
} from '#entities/market';
import { PATHS } from '#shared/routing';
import { EmptyState, LoadError, LoadingSkeleton } from '#shared/ui/states';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { Tabs, tabPanelProps } from '#shared/ui/tabs';
import { useGate, useStoreMap, useUnit } from 'effector-react';
import { memo, useDeferredValue } from 'react';
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
import { $hasSymbols, $topMovers } from '../model/movers.ts';
import { FEATURED_COUNT } from '../lib/market.ts';
import { HomeSection } from './section.tsx';
import styles from './home-page.module.css';

/** Holds the live feed's Data24h topic while the home screen is open. */
export function MarketFeed() {
  useGate(MarketFeedGate);
  return null;
}

/** The ids of the featured section's tabs and of the list they show. */
const FEATURED_TABS_ID = 'home-featured-categories';

const chartPath = (symbol: SymbolInfo) => `${PATHS.kline}?symbol=${encodeURIComponent(symbol.id)}`;

/** Featured markets: a tab per category, its first symbols with live price, change and chart. */
export function FeaturedMarkets() {
  const { t } = useTranslation();
  const [category, viewNow, retry, choose] = useUnit([
    $category,
    $featuredView,
    featuredRetryClicked,
    categoryChosen,
  ]);
  // Drawn after the banner above it: the rows (and their charts' calls) render in a transition
  // React slices, so the frame that paints the banner's picture is not queued behind them.
  const view = useDeferredValue(viewNow);
  return (
    <HomeSection
      id="home-featured"
      title={t('home.featured.title')}
      more={{
        // Market opens on the category chosen here.
        to: marketPathOf(category),
        text: t('home.featured.more'),
      }}
    >
      <Tabs
        items={SYMBOL_CATEGORIES.map((key) => ({ key, label: t(CATEGORY_LABEL_KEYS[key]) }))}
        selected={category}
        onChange={choose}
        label={t('market.categoriesLabel')}
        idPrefix={FEATURED_TABS_ID}
      />
      <div {...tabPanelProps(FEATURED_TABS_ID, category)}>
        <LiveStatus />
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
      </div>
    </HomeSection>
  );
}

/**
 * The featured rows. A tick re-renders none of this: each row reads its own symbol's numbers
 * (`useTicker`), so only the rows whose numbers moved re-render, and only their numbers.
 */
function FeaturedList() {
  const { t } = useTranslation();
  const [category, featured] = useUnit([$category, $featured]);
  return (
    <ul
      className={styles.rows}
      aria-label={t('home.featured.listLabel', { category: t(CATEGORY_LABEL_KEYS[category]) })}
    >
      {featured.map((symbol) => (
        <li key={symbol.id}>
          <SymbolRow symbol={symbol} withChart />
        </li>
      ))}
    </ul>
  );
}

/** Whether a sparkline's points changed: they end at the live price, so mostly the last one. */
const samePoints = (next: readonly string[] | null, current: readonly string[] | null): boolean =>
  next === current ||
  (next !== null &&
    current !== null &&
    next.length === current.length &&
    next.every((point, index) => point === current[index]));

/** One featured symbol's line of the last 24 hours; re-renders only when its points change. */
function SparklineCell({ id }: { id: string }) {
  const { t } = useTranslation();
  const points = useStoreMap({
    store: $sparklines,
    keys: [id],
    fn: (lines, [key]) => lines[key] ?? null,
    updateFilter: (next, current) => !samePoints(next, current),
  });
  const failed = useStoreMap({
    store: $sparklinesFailed,
    keys: [id],
    fn: (ids, [key]) => ids.has(key),
  });
  if (points !== null && points.length > 1) {
    return <Sparkline closes={points} width={64} height={28} />;
  }
  if (failed || points !== null) {
    return (
      <span className={styles.noChart} title={t('home.featured.sparklineMissing')}>
        <span className="visually-hidden">{t('home.featured.sparklineMissing')}</span>
      </span>
    );
  }
  return <Skeleton animated className={styles.sparkSkeleton} />;
}

/**
 * One symbol: icon, names, optional chart, live price and change; opens its chart. Rendered once
 * per symbol: the live parts below it subscribe to that symbol alone.
 */
const SymbolRow = memo(function SymbolRow({
  symbol,
  withChart = false,
  rank,
}: {
  symbol: SymbolInfo;
  withChart?: boolean;
  rank?: number;
}) {
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
          <ClosedMark id={symbol.id} />
          <span className={styles.nameText}>{symbol.name}</span>
        </span>
      </span>
      {withChart ? (
        <span className={styles.chart}>
          <SparklineCell id={symbol.id} />
        </span>
      ) : null}
      <LiveQuote id={symbol.id} precision={symbol.price_precision} />
    </Link>
  );
});

/** "Closed" beside the name while the symbol's market is closed. */
function ClosedMark({ id }: { id: string }) {
  const { t } = useTranslation();
  const closed = useStoreMap({
    store: $tickers,
    keys: [id],
    fn: (tickers, [key]) => tickers[key]?.status === 'closed',
  });
  return closed ? <span className={styles.closed}>{t('home.featured.closed')}</span> : null;
}

/** The live price (flashing as it moves) and 24 h change of one symbol. */
function LiveQuote({ id, precision }: { id: string; precision: number }) {
  const ticker = useTicker(id);
  return (
    <span className={styles.quote}>
      <FlashCell value={ticker?.last_price} className={styles.price}>
        <PriceText value={ticker?.last_price} precision={precision} />
      </FlashCell>
      <ChangeText value={ticker?.change_rate} className={styles.change} />
    </span>
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

const sameSymbols = (next: readonly SymbolInfo[], current: readonly SymbolInfo[]) =>
  next.length === current.length && next.every((symbol, index) => symbol === current[index]);

/**
 * The three biggest 24 h risers across every market, live. The ranking is worked out on every
 * tick, but the list re-renders only when its order changes; the rows follow their own numbers.
 */
export function TopMovers() {
  const { t } = useTranslation();
  const [featuredViewNow, hasSymbols, retry] = useUnit([
    $featuredView,
    $hasSymbols,
    featuredRetryClicked,
  ]);
  const moversNow = useStoreMap({
    store: $topMovers,
    keys: [],
    fn: (ranked) => ranked.map((mover) => mover.symbol),
    updateFilter: (next, current) => !sameSymbols(next, current),
  });
  // Below the fold: drawn in a transition, after what is above it (see FeaturedMarkets).
  const featuredView = useDeferredValue(featuredViewNow);
  const movers = useDeferredValue(moversNow);
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
    body = hasSymbols ? (
      <p className={styles.waiting} role="status">
        {t('home.movers.waiting')}
      </p>
    ) : (
      <SymbolRowSkeletons count={3} />
    );
  } else {
    body = (
      <ol className={styles.rows} aria-label={t('home.movers.title')}>
        {movers.map((symbol, index) => (
          <li key={symbol.id}>
            <SymbolRow symbol={symbol} rank={index + 1} />
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
