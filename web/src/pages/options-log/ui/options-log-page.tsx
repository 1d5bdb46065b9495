import { Tabs, tabPanelProps, useTabQuery } from '#shared/ui/tabs';
import { AccountModeMark, RecordsView } from '#entities/balance';
import { $symbols } from '#entities/market';
import { Countdown, RESULT_KEYS, signedAmount, toneOf } from '#entities/option';
import { formatAmount, localizeDecimal, useNumberStyle } from '#shared/format';
import { useDateFormat } from '#shared/i18n';
import { PATHS } from '#shared/routing';
import { Page } from '#shared/ui';
import { RecordCard } from '#shared/ui/list';
import type { OptionOrder } from '@bourse/protocol';
import { useGate, useUnit } from 'effector-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  $symbolFilter,
  OptionsLogGate,
  records,
  RECORDS_TABS,
  symbolFilterChanged,
  tabOf,
} from '../model/records.ts';
import styles from './options-log-page.module.css';

/** The ids of the records tabs and of the list they show. */
const RECORDS_TABS_ID = 'options-records';

/** The options records: Trading, Ordering and Settled, by symbol, a page at a time. */
export function OptionsLogPage() {
  const { t } = useTranslation();
  useGate(OptionsLogGate, {});
  const [tab, chooseTab] = useTabQuery(tabOf);
  return (
    <Page
      title={t('options.log.title')}
      back={PATHS.options}
      extra={<AccountModeMark placement="header" />}
      flush
    >
      <Tabs
        items={RECORDS_TABS.map((name) => ({ key: name, label: t(`options.status.${name}`) }))}
        selected={tab}
        onChange={chooseTab}
        label={t('options.log.tabs')}
        idPrefix={RECORDS_TABS_ID}
        className={styles.tabs}
      />
      <div {...tabPanelProps(RECORDS_TABS_ID, tab)}>
        <SymbolFilter />
        <RecordsView
          key={tab}
          list={records[tab]}
          label={t(`options.status.${tab}`)}
          row={(order) => <OrderRow order={order} />}
          empty={{ title: t('options.log.empty'), hint: t('options.log.emptyHint') }}
        />
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
        {t('options.log.symbol')}
      </label>
      <select
        id={id}
        className={styles.select}
        value={filter}
        onChange={(event) => {
          change(event.target.value);
        }}
      >
        <option value="">{t('options.log.allSymbols')}</option>
        {symbols.map((symbol) => (
          <option key={symbol.id} value={symbol.id}>
            {symbol.display}
          </option>
        ))}
      </select>
    </div>
  );
}

function OrderRow({ order }: { order: OptionOrder }) {
  const { t } = useTranslation();
  const numbers = useNumberStyle();
  const date = useDateFormat('dateTime');
  const closed = order.status === 'settled' || order.status === 'cancelled';
  const tone = toneOf(order.profit);
  const price = (value: string | null) => (value === null ? '—' : localizeDecimal(value, numbers));
  const lines = [
    {
      label: closed ? t('options.log.result') : t('options.log.status'),
      value:
        order.result !== null ? t(RESULT_KEYS[order.result]) : t(`options.status.${order.status}`),
    },
    { label: t('options.amount'), value: `${formatAmount(order.amount, 2, numbers)} USDT` },
    { label: t('options.entry'), value: <span className="num">{price(order.open_price)}</span> },
  ];
  if (closed) {
    lines.push(
      {
        label: t('options.detail.exit'),
        value: <span className="num">{price(order.close_price)}</span>,
      },
      {
        label: t('options.detail.payout'),
        value: <span className="num">{`${formatAmount(order.payout, 2, numbers)} USDT`}</span>,
      },
    );
  } else if (order.settle_at !== null) {
    lines.push({ label: t('options.log.left'), value: <Countdown settleAt={order.settle_at} /> });
  }
  lines.push({ label: t('options.log.time'), value: date.format(order.created_at) });
  return (
    <Link
      to={`${PATHS.optionsDetail}?id=${order.id}`}
      className={styles.rowLink}
      data-testid="option-record"
    >
      <RecordCard
        title={
          <span className={styles.title}>
            <span>{order.symbol}</span>
            <span className={order.direction === 'up' ? styles.up : styles.down}>
              {t(`options.direction.${order.direction}`)}
            </span>
          </span>
        }
        amount={
          closed
            ? `${signedAmount(order.profit, numbers)} USDT`
            : `${formatAmount(order.amount, 2, numbers)} USDT`
        }
        amountTone={closed && tone !== undefined ? (tone === 'profit' ? 'in' : 'out') : undefined}
        lines={lines}
      />
    </Link>
  );
}
