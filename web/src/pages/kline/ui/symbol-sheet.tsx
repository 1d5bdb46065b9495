import {
  $symbols,
  $symbolsStatus,
  formatChangeRate,
  formatPrice,
  SymbolIcon,
  symbolsRequested,
  useTicker,
  type SymbolInfo,
} from '#entities/market';
import { useNumberStyle } from '#shared/format';
import Button from 'antd-mobile/es/components/button';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import { Popup } from '#shared/ui/sheet';
import SearchBar from 'antd-mobile/es/components/search-bar';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useUnit } from 'effector-react';
import { memo, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './kline-page.module.css';

const matches = (symbol: SymbolInfo, query: string) => {
  const needle = query.trim().toLowerCase();
  return (
    needle === '' ||
    [symbol.display, symbol.symbol, symbol.name].some((text) => text.toLowerCase().includes(needle))
  );
};

/** The bottom sheet listing every symbol, with search; picking one switches the chart. */
export function SymbolSheet({
  visible,
  currentId,
  onClose,
  onPicked,
}: {
  visible: boolean;
  currentId: string | null;
  onClose: () => void;
  onPicked: (symbol: SymbolInfo) => void;
}) {
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      showCloseButton
      destroyOnClose
      bodyClassName={styles.sheet}
    >
      <SymbolList currentId={currentId} onPicked={onPicked} />
    </Popup>
  );
}

function SymbolList({
  currentId,
  onPicked,
}: {
  currentId: string | null;
  onPicked: (symbol: SymbolInfo) => void;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  // The list re-renders when the symbols or the search change; each row's numbers follow the
  // feed on their own (SymbolQuote), so a tick re-renders only the quotes that moved.
  const [symbols, status, retry] = useUnit([$symbols, $symbolsStatus, symbolsRequested]);
  const shown = symbols.filter((symbol) => matches(symbol, deferredQuery));

  let body;
  if (symbols.length === 0 && status === 'failed') {
    body = (
      <ErrorBlock
        status="disconnected"
        title={t('kline.symbolsFailed')}
        description={t('errors.pageLoadHint')}
      >
        <Button color="primary" onClick={retry}>
          {t('common.retry')}
        </Button>
      </ErrorBlock>
    );
  } else if (symbols.length === 0) {
    body = (
      <div aria-busy="true" aria-label={t('common.loading')}>
        {Array.from({ length: 8 }, (_, index) => (
          <Skeleton key={index} animated className={styles.skeletonRow} />
        ))}
      </div>
    );
  } else if (shown.length === 0) {
    body = (
      <p className={styles.sheetEmpty}>{t('kline.noMatches', { query: deferredQuery.trim() })}</p>
    );
  } else {
    body = (
      <ul className={styles.symbolList}>
        {shown.map((symbol) => (
          <li key={symbol.id}>
            <button
              type="button"
              className={styles.symbolRow}
              aria-current={symbol.id === currentId ? 'true' : undefined}
              onClick={() => {
                onPicked(symbol);
              }}
            >
              <SymbolIcon icon={symbol.icon} display={symbol.display} size={28} />
              <span className={styles.symbolNames}>
                <span className={styles.symbolDisplay}>{symbol.display}</span>
                <span className={styles.symbolName}>{symbol.name}</span>
              </span>
              <SymbolQuote id={symbol.id} precision={symbol.price_precision} />
            </button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div role="dialog" aria-label={t('kline.chooseSymbol')}>
      <h2 className={styles.sheetTitle}>{t('kline.chooseSymbol')}</h2>
      <div className={styles.sheetSearch}>
        <SearchBar
          value={query}
          onChange={setQuery}
          placeholder={t('kline.searchSymbol')}
          aria-label={t('kline.searchSymbol')}
        />
      </div>
      <div className={styles.sheetBody}>{body}</div>
    </div>
  );
}

/** One symbol's last price and 24 h change, following the feed. */
const SymbolQuote = memo(function SymbolQuote({
  id,
  precision,
}: {
  id: string;
  precision: number;
}) {
  const ticker = useTicker(id);
  const numbers = useNumberStyle();
  return (
    <span className={styles.symbolQuote}>
      <span className="num">{formatPrice(ticker?.last_price, precision, numbers)}</span>
      <span className={`num ${styles.symbolChange}`}>
        {formatChangeRate(ticker?.change_rate, numbers)}
      </span>
    </span>
  );
});
