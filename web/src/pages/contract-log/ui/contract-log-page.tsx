import { Tabs, tabPanelProps, useTabQuery } from '#shared/ui/tabs';
import type { ContractOrder } from '@bourse/protocol';
import { AccountModeMark } from '#shared/ui/account-mode';
import { ORDER_STATUS_KEYS, SOURCE_KEYS } from '#entities/contract-history';
import { $symbols } from '#entities/market';
import { formatAmount, localizeDecimal, useNumberStyle } from '#shared/format';
import { useDateFormat } from '#shared/i18n';
import { linkTargetOf, PATHS } from '#shared/routing';
import { Page } from '#shared/ui';
import { PagedListView, RecordCard } from '#shared/ui/list';
import Tag from 'antd-mobile/es/components/tag';
import { useGate, useUnit } from 'effector-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  $symbolFilter,
  ContractLogGate,
  HISTORY_TABS,
  orderHistory,
  positionHistory,
  symbolFilterChanged,
  tabOf,
} from '../model/history.ts';
import styles from './contract-log-page.module.css';

/** The ids of the history tabs and of the list they show. */
const HISTORY_TABS_ID = 'contract-history';

const STATUS_COLOR = {
  pending: 'warning',
  partially_filled: 'warning',
  filled: 'primary',
  completed: 'success',
  cancelled: 'default',
  closed: 'default',
} as const;

/** Where the back arrow goes: the contract page once it is there, else Market. */
const backTarget = (): string => {
  const target = linkTargetOf(PATHS.contract);
  return target.kind === 'route' ? target.to : PATHS.quotes;
};

/** The contract history: orders and positions in two tabs, filtered by symbol. */
export function ContractLogPage() {
  const { t } = useTranslation();
  useGate(ContractLogGate, {});
  const [tab, chooseTab] = useTabQuery(tabOf);
  return (
    <Page
      title={t('contractLog.title')}
      back={backTarget()}
      extra={<AccountModeMark placement="header" />}
      flush
    >
      <Tabs
        items={HISTORY_TABS.map((name) => ({ key: name, label: t(`contractLog.tabs.${name}`) }))}
        selected={tab}
        onChange={chooseTab}
        label={t('contractLog.tabsLabel')}
        idPrefix={HISTORY_TABS_ID}
        className={styles.tabs}
      />
      <div {...tabPanelProps(HISTORY_TABS_ID, tab)}>
        <SymbolFilter />
        {tab === 'orders' ? (
          <PagedListView
            key="orders"
            list={orderHistory}
            label={t('contractLog.tabs.orders')}
            row={(order) => <OrderRow order={order} />}
            texts={{
              loadFailed: t('contractLog.loadFailed'),
              emptyTitle: t('contractLog.emptyOrders'),
              emptyHint: t('contractLog.emptyHint'),
            }}
          />
        ) : (
          <PagedListView
            key="positions"
            list={positionHistory}
            label={t('contractLog.tabs.positions')}
            row={(order) => <CloseRow order={order} />}
            texts={{
              loadFailed: t('contractLog.loadFailed'),
              emptyTitle: t('contractLog.emptyPositions'),
              emptyHint: t('contractLog.emptyHint'),
            }}
          />
        )}
      </div>
    </Page>
  );
}

function SymbolFilter() {
  const { t } = useTranslation();
  const id = useId();
  const [symbols, filter, change] = useUnit([$symbols, $symbolFilter, symbolFilterChanged]);
  return (
    <div className={styles.filter}>
      <label htmlFor={id} className={styles.filterLabel}>
        {t('contractLog.symbol')}
      </label>
      <select
        id={id}
        className={styles.select}
        value={filter}
        onChange={(event) => {
          change(event.target.value);
        }}
      >
        <option value="">{t('contractLog.allSymbols')}</option>
        {symbols.map((symbol) => (
          <option key={symbol.id} value={symbol.id}>
            {symbol.name}
          </option>
        ))}
      </select>
    </div>
  );
}

function DirectionTitle({ order }: { order: ContractOrder }) {
  const { t } = useTranslation();
  const long = order.action === 'open_long' || order.action === 'close_long';
  return (
    <span className={styles.title}>
      <span>{order.symbol}</span>
      <span className={long ? styles.long : styles.short}>
        {t(`contractLog.actions.${order.action}`)}
      </span>
    </span>
  );
}

function OrderRow({ order }: { order: ContractOrder }) {
  const { t } = useTranslation();
  const numbers = useNumberStyle();
  const date = useDateFormat('dateTime');
  return (
    <Link to={`${PATHS.contractDetail}?id=${order.id}`} className={styles.rowLink}>
      <RecordCard
        title={<DirectionTitle order={order} />}
        amount={`${formatAmount(order.amount, 2, numbers)} USDT`}
        lines={[
          {
            label: t('contractLog.status.label'),
            value: (
              <Tag color={STATUS_COLOR[order.status]} fill="outline">
                {t(ORDER_STATUS_KEYS[order.status])}
              </Tag>
            ),
          },
          {
            label: t('contractLog.type'),
            value: t(`contractLog.types.${order.type}`),
          },
          {
            label: t('contractLog.price'),
            value: (
              <span className="num">
                {order.price === null
                  ? t('contractLog.types.market')
                  : formatAmount(order.price, 2, numbers)}
              </span>
            ),
          },
          {
            label: t('contractLog.filled'),
            value: (
              <span className="num">
                {localizeDecimal(order.filled_quantity, numbers)} /{' '}
                {localizeDecimal(order.quantity, numbers)}
              </span>
            ),
          },
          { label: t('contractLog.time'), value: date.format(new Date(order.created_at)) },
        ]}
      />
    </Link>
  );
}

function CloseRow({ order }: { order: ContractOrder }) {
  const { t } = useTranslation();
  const numbers = useNumberStyle();
  const date = useDateFormat('dateTime');
  const pnl = order.realized_pnl;
  const tone = /[1-9]/.test(pnl) ? (pnl.startsWith('-') ? 'out' : 'in') : undefined;
  return (
    <Link to={`${PATHS.contractDetail1}?id=${order.position_id ?? ''}`} className={styles.rowLink}>
      <RecordCard
        title={<DirectionTitle order={order} />}
        amount={`${formatAmount(pnl, 2, numbers)} USDT`}
        amountTone={tone}
        lines={[
          {
            label: t('contractLog.closedQuantity'),
            value: <span className="num">{localizeDecimal(order.filled_quantity, numbers)}</span>,
          },
          {
            label: t('contractLog.exitPrice'),
            value: <span className="num">{formatAmount(order.avg_price, 2, numbers)}</span>,
          },
          {
            label: t('contractLog.fee'),
            value: <span className="num">{formatAmount(order.fee, 2, numbers)} USDT</span>,
          },
          { label: t('contractLog.source'), value: t(SOURCE_KEYS[order.source]) },
          { label: t('contractLog.time'), value: date.format(new Date(order.updated_at)) },
        ]}
      />
    </Link>
  );
}
