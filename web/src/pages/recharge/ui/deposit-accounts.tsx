import type { DepositAccount } from '@bourse/protocol';
import Button from 'antd-mobile/es/components/button';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useUnit } from 'effector-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { copyClicked } from '../model/recharge.ts';
import styles from './recharge-page.module.css';

const QrCode = lazy(() => import('#shared/ui/qr').then((module) => ({ default: module.QrCode })));

/** The exclusive USDT address: its QR code, the address to copy, the network warning. */
export function WalletCard({ wallet }: { wallet: NonNullable<DepositAccount['wallet']> }) {
  const { t } = useTranslation();
  const copy = useUnit(copyClicked);
  return (
    <section className={`${styles.card} ${styles.center}`} aria-label={t('funds.deposit.address')}>
      <Suspense fallback={<Skeleton animated className={styles.skeletonSquare} />}>
        <QrCode
          value={wallet.address}
          label={t('funds.deposit.qrLabel', { network: wallet.network })}
        />
      </Suspense>
      <p className={styles.cardTitle}>
        {t('funds.deposit.addressOf', { network: wallet.network })}
      </p>
      <p className={`num ${styles.address}`}>{wallet.address}</p>
      <Button
        color="primary"
        fill="outline"
        size="small"
        onClick={() => {
          copy(wallet.address);
        }}
      >
        {t('funds.deposit.copyAddress')}
      </Button>
      <p className={styles.muted}>
        {t('funds.deposit.networkWarning', { network: wallet.network })}
      </p>
    </section>
  );
}

/** The exclusive bank account: each detail copied with a tap, and the reference to quote. */
export function BankCard({ bank }: { bank: NonNullable<DepositAccount['bank']> }) {
  const { t } = useTranslation();
  const copy = useUnit(copyClicked);
  const rows = [
    { key: 'bankName', value: bank.bank_name },
    { key: 'accountNo', value: bank.account_no },
    { key: 'holder', value: bank.holder_name },
    { key: 'branch', value: bank.branch },
    { key: 'swift', value: bank.swift_code },
    { key: 'reference', value: bank.reference },
  ] as const;
  return (
    <section className={styles.card} aria-label={t('funds.deposit.bankTitle')}>
      <h2 className={styles.cardTitle}>{t('funds.deposit.bankTitle')}</h2>
      <dl className={styles.bank}>
        {rows
          .filter((row) => row.value !== '')
          .map((row) => (
            <div key={row.key} className={styles.bankRow}>
              <dt>{t(`funds.deposit.bank.${row.key}`)}</dt>
              <dd>
                <button
                  type="button"
                  className={styles.copy}
                  onClick={() => {
                    copy(row.value);
                  }}
                  aria-label={t('funds.deposit.copyValue', {
                    label: t(`funds.deposit.bank.${row.key}`),
                    value: row.value,
                  })}
                >
                  <span className="num">{row.value}</span>
                </button>
              </dd>
            </div>
          ))}
      </dl>
      <p className={styles.muted}>{t('funds.deposit.referenceHint')}</p>
    </section>
  );
}
