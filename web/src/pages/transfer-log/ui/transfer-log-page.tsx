import { AccountModeMark, RecordsView, type FundFlow } from '#entities/balance';
import { RecordCard } from '#shared/ui/list';
import { formatAmount, useNumberStyle } from '#shared/format';
import { useDateFormat } from '#shared/i18n';
import { PATHS } from '#shared/routing';
import { Page } from '#shared/ui';
import Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import { transfers } from '../model/transfer-log.ts';

export function TransferLogPage() {
  const { t } = useTranslation();
  return (
    <Page
      title={t('funds.transfer.recordsTitle')}
      back={PATHS.transfer}
      extra={<AccountModeMark placement="header" />}
      flush
    >
      <RecordsView
        list={transfers}
        label={t('funds.transfer.recordsTitle')}
        row={(flow) => <TransferRow flow={flow} />}
      />
    </Page>
  );
}

function TransferRow({ flow }: { flow: FundFlow }) {
  const { t } = useTranslation();
  const numbers = useNumberStyle();
  const date = useDateFormat('dateTime');
  const created = new Date(flow.created_at);
  // The transfer_out flow: from its account to its peer; the amount shown without the sign.
  const to = flow.peer_account;
  return (
    <RecordCard
      title={t('funds.transfer.route', {
        from: t(`funds.accounts.${flow.account}`),
        to: to === null ? '—' : t(`funds.accounts.${to}`),
      })}
      amount={`${formatAmount(new Decimal(flow.amount).abs(), 2, numbers)} USDT`}
      lines={[
        {
          label: t('funds.records.time'),
          value: (
            <time className="num" dateTime={created.toISOString()}>
              {date.format(created)}
            </time>
          ),
        },
        { label: t('funds.records.reference'), value: <span className="num">{flow.ref_id}</span> },
      ]}
    />
  );
}
