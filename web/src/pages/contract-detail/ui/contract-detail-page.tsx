import type { ContractOrder } from '@bourse/protocol';
import { AccountModeMark } from '#shared/ui/account-mode';
import {
  HistoryCard,
  HistoryDetail,
  ORDER_STATUS_KEYS,
  SOURCE_KEYS,
  type HistoryLine,
} from '#entities/contract-history';
import { formatAmount, localizeDecimal, useNumberStyle } from '#shared/format';
import { useDateFormat } from '#shared/i18n';
import { PATHS } from '#shared/routing';
import { useGate, useUnit } from 'effector-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { $order, $status, OrderDetailGate, retryClicked } from '../model/order-detail.ts';

/** One order of the history (SPEC.md §3's fields), by the id of the address. */
export function ContractDetailPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  useGate(OrderDetailGate, { id: search.get('id') });
  const [status, order, retry] = useUnit([$status, $order, retryClicked]);
  return (
    <HistoryDetail
      title={t('contractDetail.orderTitle')}
      back={PATHS.contractLog}
      status={status}
      onRetry={retry}
      mark={order ? <AccountModeMark mode={order.account_mode} placement="header" /> : null}
    >
      {order ? <OrderCard order={order} /> : null}
    </HistoryDetail>
  );
}

function OrderCard({ order }: { order: ContractOrder }) {
  const { t } = useTranslation();
  const numbers = useNumberStyle();
  const date = useDateFormat('dateTime');
  const long = order.action === 'open_long' || order.action === 'close_long';
  const price = (value: string | null) =>
    value === null ? t('contractDetail.none') : formatAmount(value, 2, numbers);
  const lines: HistoryLine[] = [
    { label: t('contractDetail.orderNo'), value: order.order_no },
    { label: t('contractDetail.type'), value: t(`contractLog.types.${order.type}`) },
    { label: t('contractDetail.leverage'), value: `${String(order.leverage)}×` },
    {
      label: t('contractDetail.price'),
      value: order.price === null ? t('contractLog.types.market') : price(order.price),
    },
    { label: t('contractDetail.avgPrice'), value: price(order.avg_price) },
    { label: t('contractDetail.quantity'), value: localizeDecimal(order.quantity, numbers) },
    { label: t('contractDetail.filled'), value: localizeDecimal(order.filled_quantity, numbers) },
    { label: t('contractDetail.amount'), value: `${formatAmount(order.amount, 2, numbers)} USDT` },
    { label: t('contractDetail.cost'), value: `${formatAmount(order.cost, 2, numbers)} USDT` },
    { label: t('contractDetail.fee'), value: `${formatAmount(order.fee, 2, numbers)} USDT` },
    {
      label: t('contractDetail.takeProfit'),
      value: order.take_profit === '' ? t('contractDetail.none') : price(order.take_profit),
    },
    {
      label: t('contractDetail.stopLoss'),
      value: order.stop_loss === '' ? t('contractDetail.none') : price(order.stop_loss),
    },
    {
      label: t('contractDetail.reduceOnly'),
      value: t(order.reduce_only ? 'contractDetail.yes' : 'contractDetail.no'),
    },
    { label: t('contractDetail.source.label'), value: t(SOURCE_KEYS[order.source]) },
    { label: t('contractDetail.createdAt'), value: date.format(new Date(order.created_at)) },
  ];
  if (order.reduce_only) {
    lines.splice(10, 0, {
      label: t('contractDetail.realizedPnl'),
      value: `${formatAmount(order.realized_pnl, 2, numbers)} USDT`,
    });
  }
  return (
    <HistoryCard
      symbol={order.symbol}
      long={long}
      side={t(`contractLog.actions.${order.action}`)}
      tag={{ label: t(ORDER_STATUS_KEYS[order.status]), color: 'primary' }}
      lines={lines}
    />
  );
}
