import { AccountModeMark, RecordsView } from '#entities/balance';
import { RecordCard } from '#shared/ui/list';
import { formatAmount, useNumberStyle } from '#shared/format';
import { useDateFormat } from '#shared/i18n';
import { PATHS } from '#shared/routing';
import { Page } from '#shared/ui';
import Tag from 'antd-mobile/es/components/tag';
import { useTranslation } from 'react-i18next';
import { withdrawals, type WithdrawalRecord } from '../model/withdraw-log.ts';

const STATUS_COLOR = {
  reviewing: 'warning',
  approved: 'primary',
  rejected: 'danger',
  paid: 'success',
} as const;

export function WithdrawLogPage() {
  const { t } = useTranslation();
  return (
    <Page
      title={t('funds.withdraw.recordsTitle')}
      back={PATHS.withdraw}
      extra={<AccountModeMark />}
      flush
    >
      <RecordsView
        list={withdrawals}
        label={t('funds.withdraw.recordsTitle')}
        row={(record) => <WithdrawalRow record={record} />}
      />
    </Page>
  );
}

function WithdrawalRow({ record }: { record: WithdrawalRecord }) {
  const { t } = useTranslation();
  const numbers = useNumberStyle();
  const date = useDateFormat('dateTime');
  const created = new Date(record.created_at);
  return (
    <RecordCard
      title={t(`funds.deposit.methods.${record.method}`)}
      amount={`${formatAmount(record.amount, 2, numbers)} USDT`}
      lines={[
        {
          label: t('funds.records.status'),
          value: (
            <Tag color={STATUS_COLOR[record.status]} fill="outline">
              {t(`funds.withdraw.status.${record.status}`)}
            </Tag>
          ),
        },
        {
          label: t('funds.withdraw.fee'),
          value: <span className="num">{formatAmount(record.fee, 2, numbers)} USDT</span>,
        },
        {
          label: t('funds.withdraw.received'),
          value: (
            <span className="num">{formatAmount(record.received_amount, 2, numbers)} USDT</span>
          ),
        },
        ...(record.currency === 'USDT'
          ? []
          : [
              {
                label: t('funds.deposit.equivalentLabel'),
                value: (
                  <span className="num">
                    {formatAmount(record.equivalent, 2, numbers)} {record.currency}
                  </span>
                ),
              },
            ]),
        {
          label: t('funds.withdraw.destination'),
          value: <span className="num">{record.destination}</span>,
        },
        ...(record.reject_reason === ''
          ? []
          : [{ label: t('funds.deposit.rejectReason'), value: record.reject_reason }]),
        {
          label: t('funds.records.time'),
          value: (
            <time className="num" dateTime={created.toISOString()}>
              {date.format(created)}
            </time>
          ),
        },
      ]}
    />
  );
}
