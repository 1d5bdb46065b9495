import type { DepositStatus } from '@bourse/protocol';
import { AccountModeMark, RecordsView, type FundFlow } from '#entities/balance';
import { RecordCard } from '#shared/ui/list';
import { formatAmount, useNumberStyle } from '#shared/format';
import { useDateFormat } from '#shared/i18n';
import { PATHS } from '#shared/routing';
import { $accountType } from '#shared/session';
import { useKept } from '#shared/lib';
import { Page } from '#shared/ui';
import { ReviewBadge, type ReviewStage } from '#shared/ui/review-badge';
import { ConfirmSheet } from '#shared/ui/sheet';
import Button from 'antd-mobile/es/components/button';
import { useUnit } from 'effector-react';
import { useTranslation } from 'react-i18next';
import {
  $cancelling,
  $cancelOpen,
  cancelAsked,
  cancelConfirmed,
  cancelDismissed,
  demoTopUps,
  deposits,
  type DepositRecord,
} from '../model/recharge-log.ts';
import styles from './recharge-log-page.module.css';

const STAGE = {
  reviewing: 'waiting',
  approved: 'done',
  rejected: 'refused',
  cancelled: 'ended',
} as const satisfies Record<DepositStatus, ReviewStage>;

export function RechargeLogPage() {
  const { t } = useTranslation();
  const mode = useKept($accountType);
  return (
    <Page
      title={t('funds.deposit.recordsTitle')}
      back={PATHS.recharge}
      extra={<AccountModeMark placement="header" />}
      flush
    >
      {mode === 'demo' ? (
        <RecordsView
          list={demoTopUps}
          label={t('funds.deposit.recordsTitle')}
          row={(flow) => <TopUpRow flow={flow} />}
          empty={{
            title: t('funds.deposit.demoRecordsTitle'),
            hint: t('funds.deposit.demoRecordsHint'),
          }}
        />
      ) : (
        <RecordsView
          list={deposits}
          label={t('funds.deposit.recordsTitle')}
          row={(record) => <DepositRow record={record} />}
        />
      )}
      <CancelSheet />
    </Page>
  );
}

/** A play money top-up on the demo account, tagged with the account it moved. */
function TopUpRow({ flow }: { flow: FundFlow }) {
  const { t } = useTranslation();
  const numbers = useNumberStyle();
  const date = useDateFormat('dateTime');
  const created = new Date(flow.created_at);
  return (
    <RecordCard
      title={t('funds.deposit.demoRecord')}
      amount={`${formatAmount(flow.amount, 2, numbers)} USDT`}
      lines={[
        { label: t('funds.records.account'), value: <AccountModeMark mode={flow.account_mode} /> },
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

function DepositRow({ record }: { record: DepositRecord }) {
  const { t } = useTranslation();
  const numbers = useNumberStyle();
  const date = useDateFormat('dateTime');
  const [ask, cancelling] = useUnit([cancelAsked, $cancelling]);
  const created = new Date(record.created_at);
  const lines = [
    {
      label: t('funds.records.status'),
      value: (
        <ReviewBadge stage={STAGE[record.status]}>
          {t(`funds.deposit.status.${record.status}`)}
        </ReviewBadge>
      ),
    },
    { label: t('funds.records.account'), value: <AccountModeMark mode={record.account_mode} /> },
    {
      label: t('funds.deposit.equivalentLabel'),
      value: (
        <span className="num">
          {formatAmount(record.equivalent, 2, numbers)} {record.currency}
        </span>
      ),
    },
    {
      label: t('funds.deposit.credited'),
      value: <span className="num">{formatAmount(record.credited_amount, 2, numbers)} USDT</span>,
    },
    ...(record.reject_reason === ''
      ? []
      : [{ label: t('funds.deposit.rejectReason'), value: record.reject_reason }]),
    { label: t('funds.records.reference'), value: <span className="num">{record.order_no}</span> },
    {
      label: t('funds.records.time'),
      value: (
        <time className="num" dateTime={created.toISOString()}>
          {date.format(created)}
        </time>
      ),
    },
  ];
  return (
    <RecordCard
      title={
        record.network === null
          ? t(`funds.deposit.methods.${record.method}`)
          : `${t(`funds.deposit.methods.${record.method}`)} · ${record.network}`
      }
      amount={`${formatAmount(record.amount, 2, numbers)} USDT`}
      lines={lines}
      footer={
        record.status === 'reviewing' ? (
          <div className={styles.actions}>
            <Button
              size="small"
              fill="outline"
              color="danger"
              loading={cancelling}
              onClick={() => {
                ask(record.id);
              }}
            >
              {t('funds.deposit.cancel')}
            </Button>
          </div>
        ) : null
      }
    />
  );
}

function CancelSheet() {
  const { t } = useTranslation();
  const [open, confirm, dismiss] = useUnit([$cancelOpen, cancelConfirmed, cancelDismissed]);
  return (
    <ConfirmSheet
      visible={open}
      title={t('funds.deposit.cancelQuestion')}
      confirmText={t('funds.deposit.cancelConfirm')}
      cancelText={t('funds.deposit.keep')}
      danger
      onConfirm={() => {
        confirm();
      }}
      onCancel={() => {
        dismiss();
      }}
    >
      <p className={styles.hint}>{t('funds.deposit.cancelHint')}</p>
    </ConfirmSheet>
  );
}
