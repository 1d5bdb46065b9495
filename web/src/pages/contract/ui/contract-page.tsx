import {
  $contractListsFailed,
  $openOrders,
  $positions,
  type ContractOrder,
} from '#entities/contract';
import {
  ChangeText,
  formatPrice,
  LiveStatus,
  MarketFeedGate,
  PriceText,
  SymbolIcon,
  type SymbolInfo,
} from '#entities/market';
import { AccountModeMark } from '#entities/balance';
import { AutoMarginEntry, CloseAllButton } from '#features/manage-position';
import { formatAmount, localizeDecimal, useNumberStyle } from '#shared/format';
import { isRouteAvailable, PATHS } from '#shared/routing';
import { HeaderLink, LineIcon, Page } from '#shared/ui';
import { EmptyState, LoadError, LoadingSkeleton } from '#shared/ui/states';
import { Tabs, tabPanelProps } from '#shared/ui/tabs';
import Button from 'antd-mobile/es/components/button';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useGate, useUnit } from 'effector-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { $cancelling, $listTab, cancelClicked, LIST_TABS, listTabChanged } from '../model/lists.ts';
import {
  $candles,
  $candlesFailed,
  $symbol,
  $ticker,
  ContractGate,
  retryClicked,
  symbolPicked,
  type ContractQuery,
} from '../model/page.ts';
import { SubmitBar } from './order-confirm.tsx';
import { OrderForm } from './order-form.tsx';
import { PositionCard, usePrecision } from './position-card.tsx';
import { SymbolSheet } from './symbol-sheet.tsx';
import styles from './contract-page.module.css';

/** The ids of the list tabs and of the list they show. */
const LISTS_TABS_ID = 'contract-lists';

// The chart's drawing code (d3 scales, the canvas core) is not on the form's path: it loads
// after the page has drawn.
const CompactChart = lazy(() => import('./compact-chart.tsx'));

const SYMBOL_PARAM = 'symbol';

/** Contract trading: the symbol, a compact chart, the order form, positions and open orders. */
export function ContractPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query: ContractQuery = useMemo(() => ({ symbolId: params.get(SYMBOL_PARAM) }), [params]);
  useGate(ContractGate, query);
  useGate(MarketFeedGate, {});
  const [symbol, pick] = useUnit([$symbol, symbolPicked]);
  const [sheetOpen, setSheetOpen] = useState(false);

  const picked = (next: SymbolInfo) => {
    pick(next);
    setParams(new URLSearchParams({ [SYMBOL_PARAM]: next.id }), { replace: true });
    setSheetOpen(false);
  };

  return (
    <Page
      title={t('contract.title')}
      back={false}
      flush
      withTabBar
      extra={
        isRouteAvailable(PATHS.contractLog) ? (
          <HeaderLink to={PATHS.contractLog}>{t('contract.history')}</HeaderLink>
        ) : undefined
      }
      footer={<SubmitBar />}
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
        <OrderForm />
        <Lists />
      </div>
      <SymbolSheet
        visible={sheetOpen}
        currentId={symbol?.id ?? null}
        onClose={() => {
          setSheetOpen(false);
        }}
        onPicked={picked}
      />
    </Page>
  );
}

function Summary({ symbol, onSwitch }: { symbol: SymbolInfo | null; onSwitch: () => void }) {
  const { t } = useTranslation();
  const ticker = useUnit($ticker);
  return (
    <section className={styles.summary} aria-label={t('contract.summary')}>
      <button type="button" className={styles.symbol} onClick={onSwitch} aria-haspopup="dialog">
        {symbol ? <SymbolIcon icon={symbol.icon} display={symbol.display} size={32} /> : null}
        <span className={styles.symbolText}>
          <span className={styles.symbolDisplay}>{symbol?.display ?? ''}</span>
          <span className="visually-hidden">{t('contract.switchSymbol')}</span>
        </span>
        <LineIcon d="M6 9l6 6 6-6" />
      </button>
      <div className={styles.quote} data-testid="contract-quote">
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

function ChartArea() {
  const { t } = useTranslation();
  const [candles, failed, symbol, retry] = useUnit([
    $candles,
    $candlesFailed,
    $symbol,
    retryClicked,
  ]);
  if (failed) {
    return (
      <LoadError
        className={styles.chartState}
        title={t('contract.chartFailed')}
        hint={t('errors.pageLoadHint')}
        onRetry={retry}
      />
    );
  }
  const skeleton = (
    <LoadingSkeleton className={styles.chart}>
      <Skeleton animated className={styles.chartSkeleton} />
    </LoadingSkeleton>
  );
  if (candles === null || symbol === null) return skeleton;
  return (
    <Suspense fallback={skeleton}>
      <CompactChart
        className={styles.chart}
        candles={candles}
        precision={symbol.price_precision}
        symbol={symbol.display}
      />
    </Suspense>
  );
}

function Lists() {
  const { t } = useTranslation();
  const [tab, changeTab, positions, orders, failed, retry] = useUnit([
    $listTab,
    listTabChanged,
    $positions,
    $openOrders,
    $contractListsFailed,
    retryClicked,
  ]);
  return (
    <section className={styles.lists} aria-label={t('contract.lists')}>
      <Tabs
        items={LIST_TABS.map((key) => ({
          key,
          label: t(`contract.tabs.${key}`, {
            count: (key === 'positions' ? positions : orders)?.length ?? 0,
          }),
        }))}
        selected={tab}
        onChange={changeTab}
        label={t('contract.lists')}
        idPrefix={LISTS_TABS_ID}
      />
      <div {...tabPanelProps(LISTS_TABS_ID, tab)} className={styles.panel}>
        {tab === 'positions' && (
          <div className={styles.positionTools}>
            <AutoMarginEntry />
            {positions !== null && positions.length > 0 && <CloseAllButton />}
          </div>
        )}
        {failed && (tab === 'positions' ? positions : orders) === null ? (
          <LoadError
            title={t('contract.listsFailed')}
            hint={t('errors.pageLoadHint')}
            onRetry={retry}
          />
        ) : tab === 'positions' ? (
          <PositionsList ids={positions?.map((one) => one.id) ?? null} />
        ) : (
          <OrdersList orders={orders} />
        )}
      </div>
    </section>
  );
}

function ListSkeleton() {
  return (
    <LoadingSkeleton className={styles.listSkeleton}>
      <Skeleton animated className={styles.cardSkeleton} />
      <Skeleton animated className={styles.cardSkeleton} />
    </LoadingSkeleton>
  );
}

/** Each card follows its own position and price: a tick re-renders only the cards it moves. */
function PositionsList({ ids }: { ids: readonly string[] | null }) {
  const { t } = useTranslation();
  const key = ids?.join(',') ?? null;
  // the list itself re-renders only when positions come or go
  const stable = useMemo(() => (key === null ? null : key === '' ? [] : key.split(',')), [key]);
  if (stable === null) return <ListSkeleton />;
  if (stable.length === 0) {
    return (
      <EmptyState
        emptyList
        title={t('contract.positions.empty')}
        hint={t('contract.positions.emptyHint')}
      />
    );
  }
  return (
    <ul className={styles.cards} data-testid="positions">
      {stable.map((id) => (
        <PositionCard key={id} positionId={id} />
      ))}
    </ul>
  );
}

function OrdersList({ orders }: { orders: readonly ContractOrder[] | null }) {
  const { t } = useTranslation();
  if (orders === null) return <ListSkeleton />;
  if (orders.length === 0) {
    return (
      <EmptyState
        emptyList
        title={t('contract.orders.empty')}
        hint={t('contract.orders.emptyHint')}
      />
    );
  }
  return (
    <ul className={styles.cards} data-testid="open-orders">
      {orders.map((order) => (
        <OrderCard key={order.id} order={order} />
      ))}
    </ul>
  );
}

function OrderCard({ order }: { order: ContractOrder }) {
  const { t } = useTranslation();
  const numbers = useNumberStyle();
  const [cancelling, cancel] = useUnit([$cancelling, cancelClicked]);
  const precision = usePrecision(order.symbol_id);
  const long = order.action === 'open_long' || order.action === 'close_short';
  return (
    <li
      className={styles.card}
      aria-label={`${order.symbol} ${t(`contract.action.${order.action}`)}`}
    >
      <div className={styles.cardHead}>
        <span className={styles.cardSymbol}>{order.symbol}</span>
        <span className={long ? styles.long : styles.short}>
          {t(`contract.action.${order.action}`)}
        </span>
        <span className={styles.muted}>
          {t(`contract.type.${order.type}`)} · {order.leverage}×
        </span>
      </div>
      <dl className={styles.figures}>
        <Figure
          label={t('contract.orders.price')}
          value={
            order.price === null
              ? t('contract.type.market')
              : formatPrice(order.price, precision, numbers)
          }
        />
        <Figure
          label={t('contract.orders.filled')}
          value={`${localizeDecimal(order.filled_quantity, numbers)} / ${localizeDecimal(order.quantity, numbers)}`}
        />
        <Figure label={t('contract.orders.cost')} value={formatAmount(order.cost, 2, numbers)} />
      </dl>
      <div className={styles.actions}>
        <Button
          size="small"
          fill="outline"
          loading={cancelling === order.id}
          onClick={() => {
            cancel(order.id);
          }}
        >
          {t('contract.orders.cancel')}
        </Button>
      </div>
    </li>
  );
}

export function Figure({ label, value, tone }: { label: string; value: string; tone?: string }) {
  return (
    <div className={styles.figure}>
      <dt>{label}</dt>
      <dd className={`num ${tone ?? ''}`}>{value}</dd>
    </div>
  );
}
