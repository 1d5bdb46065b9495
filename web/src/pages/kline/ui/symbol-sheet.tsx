import {
  $symbols,
  $symbolsStatus,
  formatChangeRate,
  formatPrice,
  $tickers,
  SymbolIcon,
  symbolsRequested,
  type SymbolInfo,
} from '#entities/market';
import Button from 'antd-mobile/es/components/button';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import Popup from 'antd-mobile/es/components/popup';
import SearchBar from 'antd-mobile/es/components/search-bar';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useUnit } from 'effector-react';
import { useDeferredValue, useState } from 'react';
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
  const [symbols, status, tickers, retry] = useUnit([
    $symbols,
    $symbolsStatus,
    $tickers,
    symbolsRequested,
  ]);
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
        {shown.map((symbol) => {
          const ticker = tickers[symbol.id];
          return (
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
                <span className={styles.symbolQuote}>
                  <span className="num">
                    {formatPrice(ticker?.last_price, symbol.price_precision)}
                  </span>
                  <span className={`num ${styles.symbolChange}`}>
                    {formatChangeRate(ticker?.change_rate)}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
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
