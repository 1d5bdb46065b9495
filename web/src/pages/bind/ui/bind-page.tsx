import { PATHS } from '#shared/routing';
import { Page } from '#shared/ui';
import { LoadError, LoadingSkeleton } from '#shared/ui/states';
import List from 'antd-mobile/es/components/list';
import Tag from 'antd-mobile/es/components/tag';
import { useGate, useUnit } from 'effector-react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  $cashStatus,
  $loadFailed,
  BindPageGate,
  bindRetried,
  shortAddress,
  type CashStatus,
} from '../model/model.ts';
import styles from './bind-page.module.css';

export function BindPage() {
  const { t } = useTranslation();
  useGate(BindPageGate, {});
  const [status, failed, retry] = useUnit([$cashStatus, $loadFailed, bindRetried]);

  return (
    <Page title={t('bind.title')} back={PATHS.user}>
      {failed ? (
        <LoadError title={t('bind.errorTitle')} hint={t('bind.errorHint')} onRetry={retry} />
      ) : status ? (
        <Targets status={status} />
      ) : (
        <LoadingSkeleton>
          <div className={styles.skeleton} />
        </LoadingSkeleton>
      )}
    </Page>
  );
}

function BoundTag({ bound }: { bound: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag color={bound ? 'success' : 'default'} fill="outline" round>
      {t(bound ? 'bind.bound' : 'bind.unbound')}
    </Tag>
  );
}

function Targets({ status }: { status: CashStatus }) {
  const { t } = useTranslation();
  const { bank, wallet } = status;
  return (
    <List mode="card" className={styles.list}>
      <List.Item
        className={styles.row}
        arrowIcon
        extra={<BoundTag bound={bank !== null} />}
        description={
          <span className={styles.detail}>
            {bank ? `${bank.bank_name} ${bank.account_no}` : t('bind.bankHint')}
          </span>
        }
      >
        <Link to={PATHS.bindBank} className={styles.stretched}>
          {t('bind.bank')}
        </Link>
      </List.Item>
      <List.Item
        className={styles.row}
        arrowIcon
        extra={<BoundTag bound={wallet !== null} />}
        description={
          <span className={`num ${styles.detail}`}>
            {wallet ? `${wallet.network} ${shortAddress(wallet.address)}` : t('bind.usdtHint')}
          </span>
        }
      >
        <Link to={PATHS.bindUsdt} className={styles.stretched}>
          {t('bind.usdt')}
        </Link>
      </List.Item>
    </List>
  );
}
