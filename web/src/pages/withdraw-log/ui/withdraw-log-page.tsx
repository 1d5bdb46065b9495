import type { WithdrawalStatus } from '@bourse/protocol';
import { AccountModeMark, RecordsView } from '#entities/balance';
import { RecordCard } from '#shared/ui/list';
import { formatAmount, useNumberStyle } from '#shared/format';
import { useDateFormat } from '#shared/i18n';
import { PATHS } from '#shared/routing';
import { $accountType } from '#shared/session';
import { useKept } from '#shared/lib';
import { Page } from '#shared/ui';
import { ReviewBadge, type ReviewStage } from '#shared/ui/review-badge';
import { EmptyState } from '#shared/ui/states';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { withdrawals, type WithdrawalRecord } from '../model/withdraw-log.ts';

const STAGE = {
  reviewing: 'waiting',
  approved: 'underway',
  rejected: 'refused',
  paid: 'done',
} as const satisfies Record<WithdrawalStatus, ReviewStage>;

export function WithdrawLogPage() {
  const { t } = useTranslation();
  const mode = useKept($accountType);
  const navigate = useNavigate();
  return (
    <Page
      title={t('funds.withdraw.recordsTitle')}
      back={PATHS.withdraw}
      extra={<AccountModeMark placement="header" />}
      flush
    >
      {/* withdrawals are real money: the demo account has none, and says why */}
      {mode === 'demo' ? (
        <EmptyState
          emptyList
          title={t('funds.withdraw.demoRecordsTitle')}
          hint={t('funds.withdraw.demoRecordsHint')}
          action={{
            label: t('funds.withdraw.demoAction'),
            onClick: () => {
              void navigate(PATHS.user);
            },
            outline: true,
          }}
        />
      ) : (
        <RecordsView
          list={withdrawals}
          label={t('funds.withdraw.recordsTitle')}
          row={(record) => <WithdrawalRow record={record} />}
        />
      )}
    </Page>
  );
}

/** what the payout line says: paid once paid, to be paid until then, absent when rejected */
const PAYOUT_LABEL = {
  reviewing: 'funds.withdraw.payoutDue',
  approved: 'funds.withdraw.payoutDue',
  paid: 'funds.withdraw.payoutPaid',
  rejected: null,
} as const;

function WithdrawalRow({ record }: { record: WithdrawalRecord }) {
  const { t } = useTranslation();
  const numbers = useNumberStyle();
  const date = useDateFormat('dateTime');
  const created = new Date(record.created_at);
  const payout = PAYOUT_LABEL[record.status];
  return (
    <RecordCard
      title={t(`funds.deposit.methods.${record.method}`)}
      amount={`${formatAmount(record.amount, 2, numbers)} USDT`}
      lines={[
        {
          label: t('funds.records.status'),
          value: (
            <ReviewBadge stage={STAGE[record.status]}>
              {t(`funds.withdraw.status.${record.status}`)}
            </ReviewBadge>
          ),
        },
        {
          label: t('funds.records.account'),
          value: <AccountModeMark mode={record.account_mode} />,
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
        ...(record.currency === 'USDT' || payout === null
          ? []
          : [
              {
                label: t(payout),
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
