import {
  $favourites,
  $symbolsById,
  CATEGORY_LABEL_KEYS,
  ChangeText,
  FlashCell,
  favouriteToggled,
  PriceText,
  SymbolIcon,
  useTicker,
  useVolumeFormat,
  type SymbolInfo,
} from '#entities/market';
import { EmptyState, LoadError, LoadingSkeleton } from '#shared/ui/states';
import { useStoreMap, useUnit } from 'effector-react';
import { memo, useRef, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  $query,
  $rowIds,
  $searching,
  $sort,
  $view,
  retryClicked,
  rowOpened,
  searchCleared,
  sortToggled,
  tabChosen,
  type SortKey,
} from '../model/quotes.ts';
import styles from './quotes-page.module.css';
import { useRowWindow } from './use-row-window.ts';

const SKELETON_ROWS = 8;

/** The list area: skeletons, a state, or the table of quotes. */
export function QuotesList() {
  const view = useUnit($view);
  switch (view) {
    case 'loading':
      return <QuotesSkeleton />;
    case 'error':
      return <QuotesLoadError />;
    case 'noMatch':
      return <NoMatch />;
    case 'noFavourites':
      return <NoFavourites />;
    case 'noSymbols':
      return <NoSymbols />;
    case 'list':
      return <QuotesTable />;
  }
}

const sameIds = (next: readonly string[], current: readonly string[]) =>
  next.length === current.length && next.every((id, index) => id === current[index]);

/** px: every quote row has this height, which lets the list render only the rows in view. */
const ROW_HEIGHT = 60;

const tableStyle = { '--quote-row-height': `${String(ROW_HEIGHT)}px` } as CSSProperties;

/**
 * The table of quotes. A category holds up to a few hundred symbols, every price moving several
 * times a second: only the rows in view (and a few around them) are rendered, the rest of the
 * list's height is padding. The table tells assistive technology how many rows it has and where
 * each rendered row is (aria-rowcount, aria-rowindex).
 */
function QuotesTable() {
  const { t } = useTranslation();
  // The table re-renders only when the rows or their order change, not on every price tick.
  const ids = useStoreMap({
    store: $rowIds,
    keys: [],
    fn: (rowIds) => rowIds,
    updateFilter: (next, current) => !sameIds(next, current),
  });
  const [open, toggleFavourite, searching] = useUnit([rowOpened, favouriteToggled, $searching]);
  const formatVolume = useVolumeFormat();
  const body = useRef<HTMLDivElement>(null);
  const { start, end } = useRowWindow(body, ids.length, ROW_HEIGHT);
  return (
    <div
      role="table"
      aria-label={t('market.listLabel')}
      aria-rowcount={ids.length + 1}
      className={styles.table}
      style={tableStyle}
    >
      <div role="rowgroup" className={styles.head}>
        <div role="row" aria-rowindex={1} className={styles.row}>
          <SortHeader column="name" label={t('market.columns.name')} />
          <SortHeader column="price" label={t('market.columns.price')} end />
          <SortHeader column="change" label={t('market.columns.change')} end />
          <SortHeader column="volume" label={t('market.columns.volume')} end />
          <div role="columnheader" className={styles.starHeader}>
            <span className="visually-hidden">{t('market.categories.favourites')}</span>
          </div>
        </div>
      </div>
      <div
        ref={body}
        role="rowgroup"
        style={{
          paddingTop: start * ROW_HEIGHT,
          paddingBottom: (ids.length - end) * ROW_HEIGHT,
        }}
      >
        {ids.slice(start, end).map((id, index) => (
          <QuoteRow
            key={id}
            id={id}
            rowIndex={start + index + 2}
            searching={searching}
            formatVolume={formatVolume}
            t={t}
            onOpen={open}
            onToggleFavourite={toggleFavourite}
          />
        ))}
      </div>
    </div>
  );
}

function SortHeader({ column, label, end }: { column: SortKey; label: string; end?: boolean }) {
  const { t } = useTranslation();
  const order = useStoreMap({
    store: $sort,
    keys: [column],
    fn: (sort, [key]) => (sort?.key === key ? sort.order : 'none'),
  });
  const toggle = useUnit(sortToggled);
  return (
    <div
      role="columnheader"
      aria-sort={order}
      className={`${styles.header} ${end ? styles.end : ''}`}
    >
      <button
        type="button"
        className={`${styles.sortButton} ${order !== 'none' ? styles.sorted : ''}`}
        title={t('market.sortBy', { column: label })}
        onClick={() => {
          toggle(column);
        }}
      >
        {label}
        <svg width="8" height="12" viewBox="0 0 8 12" aria-hidden="true">
          <path d="M4 1L7 4.5H1z" fill="currentColor" opacity={order === 'ascending' ? 1 : 0.3} />
          <path d="M4 11L1 7.5h6z" fill="currentColor" opacity={order === 'descending' ? 1 : 0.3} />
        </svg>
      </button>
    </div>
  );
}

type VolumeFormat = (value: string | null | undefined) => string;

/**
 * One symbol. Its parts subscribe to what they show, so a price tick re-renders only the
 * numbers of the rows whose numbers moved: never the list, the name or the star. The words
 * and actions come from the table, so that a row holds no subscription of its own to them.
 */
const QuoteRow = memo(function QuoteRow({
  id,
  rowIndex,
  searching,
  formatVolume,
  t,
  onOpen,
  onToggleFavourite,
}: {
  id: string;
  rowIndex: number;
  /** a search's matches come from every market: each says which it is in */
  searching: boolean;
  formatVolume: VolumeFormat;
  t: TFunction;
  onOpen: (symbol: SymbolInfo) => void;
  onToggleFavourite: (id: string) => void;
}) {
  const symbol = useStoreMap({
    store: $symbolsById,
    keys: [id],
    fn: (byId, [key]) => byId[key] ?? null,
  });
  if (symbol === null) return null;
  return (
    <div
      role="row"
      aria-rowindex={rowIndex}
      className={`${styles.row} ${styles.quote}`}
      data-symbol={id}
    >
      <SymbolCell
        symbol={symbol}
        where={searching ? t(CATEGORY_LABEL_KEYS[symbol.category]) : null}
        onOpen={onOpen}
      />
      <TickerCells
        id={id}
        precision={symbol.price_precision}
        formatVolume={formatVolume}
        closedLabel={t('market.closed')}
      />
      <FavouriteStar
        id={id}
        addLabel={t('market.favouriteAdd', { name: symbol.display })}
        removeLabel={t('market.favouriteRemove', { name: symbol.display })}
        onToggle={onToggleFavourite}
      />
    </div>
  );
});

/** The icon and names; the name's button covers the row and opens the chart. */
const SymbolCell = memo(function SymbolCell({
  symbol,
  where,
  onOpen,
}: {
  symbol: SymbolInfo;
  /** the symbol's market, translated, while a search shows every market */
  where: string | null;
  onOpen: (symbol: SymbolInfo) => void;
}) {
  return (
    <div role="rowheader" className={styles.nameCell}>
      <SymbolIcon icon={symbol.icon} display={symbol.display} size={28} />
      <button
        type="button"
        className={styles.open}
        onClick={() => {
          onOpen(symbol);
        }}
      >
        <span className={styles.display}>{symbol.display}</span>
        <span className={styles.name}>
          {where === null ? null : (
            <>
              <span className={styles.where} data-category={symbol.category}>
                {where}
              </span>
              {' · '}
            </>
          )}
          {symbol.name}
        </span>
      </button>
    </div>
  );
});

/** The live numbers of one symbol: last price (flashing as it moves), change, volume. */
function TickerCells({
  id,
  precision,
  formatVolume,
  closedLabel,
}: {
  id: string;
  precision: number;
  formatVolume: VolumeFormat;
  closedLabel: string;
}) {
  const ticker = useTicker(id);
  return (
    <>
      <div role="cell" className={`${styles.cell} ${styles.end}`}>
        <FlashCell value={ticker?.last_price} className={styles.price}>
          <PriceText value={ticker?.last_price} precision={precision} />
        </FlashCell>
        {ticker?.status === 'closed' ? <span className={styles.closed}>{closedLabel}</span> : null}
      </div>
      <div role="cell" className={`${styles.cell} ${styles.end}`}>
        <ChangeText value={ticker?.change_rate} className={styles.change} />
      </div>
      <div role="cell" className={`${styles.cell} ${styles.end} ${styles.volume}`}>
        {formatVolume(ticker?.volume)}
      </div>
    </>
  );
}

const FavouriteStar = memo(function FavouriteStar({
  id,
  addLabel,
  removeLabel,
  onToggle,
}: {
  id: string;
  addLabel: string;
  removeLabel: string;
  onToggle: (id: string) => void;
}) {
  const favourite = useStoreMap({
    store: $favourites,
    keys: [id],
    fn: (favourites, [key]) => favourites.includes(key),
  });
  return (
    <div role="cell" className={styles.starCell}>
      <button
        type="button"
        className={`${styles.star} ${favourite ? styles.starOn : ''}`}
        aria-pressed={favourite}
        aria-label={favourite ? removeLabel : addLabel}
        onClick={() => {
          onToggle(id);
        }}
      >
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
          <path
            d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z"
            fill={favourite ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinejoin="round"
          />
        </svg>
      </button>
    </div>
  );
});

function QuotesSkeleton() {
  return (
    <LoadingSkeleton className={styles.skeleton}>
      {Array.from({ length: SKELETON_ROWS }, (_, index) => (
        <div key={index} className={styles.skeletonRow} aria-hidden="true">
          <span className={styles.skeletonIcon} />
          <span className={styles.skeletonText} />
          <span className={styles.skeletonNumber} />
        </div>
      ))}
    </LoadingSkeleton>
  );
}

function QuotesLoadError() {
  const { t } = useTranslation();
  const retry = useUnit(retryClicked);
  return (
    <LoadError
      title={t('market.errorTitle')}
      hint={t('market.errorHint')}
      onRetry={() => {
        retry();
      }}
    />
  );
}

function NoMatch() {
  const { t } = useTranslation();
  const [query, clear] = useUnit([$query, searchCleared]);
  return (
    <EmptyState
      title={t('market.noMatchTitle')}
      hint={t('market.noMatchHint', { query: query.trim() })}
      action={{ label: t('market.search.clear'), onClick: clear, outline: true }}
    />
  );
}

function NoFavourites() {
  const { t } = useTranslation();
  const choose = useUnit(tabChosen);
  return (
    <EmptyState
      title={t('market.noFavouritesTitle')}
      hint={t('market.noFavouritesHint')}
      action={{
        label: t('market.noFavouritesAction'),
        onClick: () => {
          choose('crypto');
        },
      }}
    />
  );
}

function NoSymbols() {
  const { t } = useTranslation();
  return <EmptyState title={t('market.noSymbolsTitle')} hint={t('market.noSymbolsHint')} />;
}
