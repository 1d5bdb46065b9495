import { AccountModeMark } from '#shared/ui/account-mode';
import {
  HistoryCard,
  HistoryDetail,
  SOURCE_KEYS,
  type HistoryLine,
  type PositionSummary,
} from '#entities/contract-history';
import { formatAmount, localizeDecimal, useNumberStyle } from '#shared/format';
import { useDateFormat } from '#shared/i18n';
import { PATHS } from '#shared/routing';
import { useGate, useUnit } from 'effector-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { $position, $status, PositionDetailGate, retryClicked } from '../model/position-detail.ts';

/** One position of the history: opened and closed, entry and exit, PnL, fees, who closed it. */
export function ContractDetail1Page() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  useGate(PositionDetailGate, { id: search.get('id') });
  const [status, position, retry] = useUnit([$status, $position, retryClicked]);
  return (
    <HistoryDetail
      title={t('contractDetail.positionTitle')}
      back={`${PATHS.contractLog}?tab=positions`}
      status={status}
      onRetry={retry}
      mark={position ? <AccountModeMark mode={position.accountMode} placement="header" /> : null}
    >
      {position ? <PositionCard position={position} /> : null}
    </HistoryDetail>
  );
}

function PositionCard({ position }: { position: PositionSummary }) {
  const { t } = useTranslation();
  const numbers = useNumberStyle();
  const date = useDateFormat('dateTime');
  const none = t('contractDetail.none');
  const price = (value: string | null) => (value === null ? none : formatAmount(value, 2, numbers));
  const time = (at: number | null) => (at === null ? none : date.format(new Date(at)));
  const pnl = position.realizedPnl;
  const tone = /[1-9]/.test(pnl) ? (pnl.startsWith('-') ? 'loss' : 'profit') : undefined;
  const lines: HistoryLine[] = [
    { label: t('contractDetail.leverage'), value: `${String(position.leverage)}×` },
    { label: t('contractDetail.quantity'), value: localizeDecimal(position.quantity, numbers) },
    {
      label: t('contractDetail.closedQuantity'),
      value: localizeDecimal(position.closedQuantity, numbers),
    },
    { label: t('contractDetail.entryPrice'), value: price(position.entryPrice) },
    { label: t('contractDetail.exitPrice'), value: price(position.exitPrice) },
    {
      label: t('contractDetail.realizedPnl'),
      value: `${formatAmount(pnl, 2, numbers)} USDT`,
      tone,
    },
    { label: t('contractDetail.fees'), value: `${formatAmount(position.fees, 2, numbers)} USDT` },
    { label: t('contractDetail.openedAt'), value: time(position.openedAt) },
    { label: t('contractDetail.closedAt'), value: time(position.closedAt) },
    {
      label: t('contractDetail.source.label'),
      value: position.source === null ? none : t(SOURCE_KEYS[position.source]),
    },
  ];
  return (
    <HistoryCard
      symbol={position.symbol}
      long={position.direction === 'long'}
      side={t(`contractDetail.direction.${position.direction}`)}
      tag={{
        label: t(position.closed ? 'contractDetail.closed' : 'contractDetail.open'),
        color: position.closed ? 'default' : 'primary',
      }}
      lines={lines}
    />
  );
}
