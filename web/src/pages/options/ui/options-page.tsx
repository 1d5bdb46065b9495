import { AccountModeMark, BalancesGate } from '#entities/balance';
import {
  ChangeText,
  LiveStatus,
  MarketFeedGate,
  PriceText,
  SymbolIcon,
  type SymbolInfo,
} from '#entities/market';
import { isRouteAvailable, PATHS } from '#shared/routing';
import { HeaderLink, LineIcon, Page } from '#shared/ui';
import { useGate, useUnit } from 'effector-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { $symbol, $ticker, OptionsGate, symbolPicked, type OptionsQuery } from '../model/page.ts';
import { BuyBar, ConfirmBuy, VerifyPrompt } from './buy-confirm.tsx';
import { BuyForm } from './buy-form.tsx';
import { ChartArea } from './chart-area.tsx';
import { RunningOrders } from './running-orders.tsx';
import { SymbolSheet } from './symbol-sheet.tsx';
import styles from './options-page.module.css';

const SYMBOL_PARAM = 'symbol';

/** Options trading: the symbol, its live line, durations, the stake, Up and Down, running orders. */
export function OptionsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query: OptionsQuery = useMemo(() => ({ symbolId: params.get(SYMBOL_PARAM) }), [params]);
  useGate(OptionsGate, query);
  useGate(MarketFeedGate, {});
  useGate(BalancesGate, {});
  const [symbol, pick] = useUnit([$symbol, symbolPicked]);
  const [sheetOpen, setSheetOpen] = useState(false);

  const picked = (next: SymbolInfo) => {
    pick(next);
    setParams(new URLSearchParams({ [SYMBOL_PARAM]: next.id }), { replace: true });
    setSheetOpen(false);
  };

  return (
    <Page
      title={t('options.title')}
      back={false}
      flush
      withTabBar
      extra={
        isRouteAvailable(PATHS.optionsLog) ? (
          <HeaderLink to={PATHS.optionsLog}>{t('options.records')}</HeaderLink>
        ) : undefined
      }
      footer={<BuyBar />}
    >
      <div className={styles.body}>
        <LiveStatus />
        <Summary
          symbol={symbol}
          onSwitch={() => {
            setSheetOpen(true);
          }}
        />
        <ChartArea />
        <BuyForm />
        <RunningOrders />
      </div>
      <SymbolSheet
        visible={sheetOpen}
        currentId={symbol?.id ?? null}
        onClose={() => {
          setSheetOpen(false);
        }}
        onPicked={picked}
      />
      <ConfirmBuy />
      <VerifyPrompt />
    </Page>
  );
}

function Summary({ symbol, onSwitch }: { symbol: SymbolInfo | null; onSwitch: () => void }) {
  const { t } = useTranslation();
  const ticker = useUnit($ticker);
  return (
    <section className={styles.summary} aria-label={t('options.summary')}>
      <button type="button" className={styles.symbol} onClick={onSwitch} aria-haspopup="dialog">
        {symbol ? <SymbolIcon icon={symbol.icon} display={symbol.display} size={32} /> : null}
        <span className={styles.symbolDisplay}>{symbol?.display ?? ''}</span>
        <span className="visually-hidden">{t('options.switchSymbol')}</span>
        <LineIcon d="M6 9l6 6 6-6" />
      </button>
      <div className={styles.quote} data-testid="options-quote">
        <PriceText
          value={ticker?.last_price}
          precision={symbol?.price_precision ?? 2}
          className={styles.lastPrice}
        />
        <ChangeText value={ticker?.change_rate} />
      </div>
      <AccountModeMark placement="corner" />
    </section>
  );
}
