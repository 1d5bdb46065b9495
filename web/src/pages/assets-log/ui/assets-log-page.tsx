import {
  ACCOUNT_KINDS,
  AccountModeMark,
  RecordsView,
  type AccountKind,
  type FlowKind,
  type FundFlow,
} from '#entities/balance';
import { RecordCard } from '#shared/ui/list';
import { flowKind } from '@bourse/protocol/endpoints/account';
import { formatAmount, useNumberStyle } from '#shared/format';
import { useDateFormat } from '#shared/i18n';
import { PATHS } from '#shared/routing';
import { Page } from '#shared/ui';
import Decimal from 'decimal.js';
import { useUnit } from 'effector-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { $filter, accountPicked, flows, kindPicked } from '../model/assets-log.ts';
import styles from './assets-log-page.module.css';

const ALL = 'all';

export function FundLogPage() {
  const { t } = useTranslation();
  return (
    <Page
      title={t('funds.log.title')}
      back={PATHS.assets}
      extra={<AccountModeMark placement="header" />}
      flush
    >
      <Filters />
      <RecordsView
        list={flows}
        label={t('funds.log.title')}
        row={(flow) => <FlowRow flow={flow} />}
      />
    </Page>
  );
}

function Filters() {
  const { t } = useTranslation();
  const [filter, pickAccount, pickKind] = useUnit([$filter, accountPicked, kindPicked]);
  const accountId = useId();
  const kindId = useId();
  return (
    <div className={styles.filters}>
      <div className={styles.filter}>
        <label htmlFor={accountId}>{t('funds.log.account')}</label>
        <select
          id={accountId}
          className={styles.select}
          value={filter.account ?? ALL}
          onChange={(event) => {
            const value = event.target.value;
            pickAccount(value === ALL ? null : (value as AccountKind));
          }}
        >
          <option value={ALL}>{t('funds.log.allAccounts')}</option>
          {ACCOUNT_KINDS.map((account) => (
            <option key={account} value={account}>
              {t(`funds.accounts.${account}`)}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.filter}>
        <label htmlFor={kindId}>{t('funds.log.kind')}</label>
        <select
          id={kindId}
          className={styles.select}
          value={filter.kinds[0] ?? ALL}
          onChange={(event) => {
            const value = event.target.value;
            pickKind(value === ALL ? null : (value as FlowKind));
          }}
        >
          <option value={ALL}>{t('funds.log.allKinds')}</option>
          {flowKind.options.map((kind) => (
            <option key={kind} value={kind}>
              {t(`funds.flow.${kind}`)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

function FlowRow({ flow }: { flow: FundFlow }) {
  const { t } = useTranslation();
  const numbers = useNumberStyle();
  const date = useDateFormat('dateTime');
  const created = new Date(flow.created_at);
  const amount = new Decimal(flow.amount);
  const sign = amount.isPositive() && !amount.isZero() ? '+' : '';
  return (
    <RecordCard
      title={t(`funds.flow.${flow.kind}`)}
      amount={`${sign}${formatAmount(amount, 2, numbers)}`}
      amountTone={amount.isNegative() ? 'out' : amount.isZero() ? undefined : 'in'}
      lines={[
        { label: t('funds.log.account'), value: t(`funds.accounts.${flow.account}`) },
        {
          label: t('funds.log.balanceAfter'),
          value: <span className="num">{formatAmount(flow.balance_after, 2, numbers)}</span>,
        },
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
