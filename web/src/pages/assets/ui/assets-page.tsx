import {
  $balances,
  $balancesByAccount,
  $balancesView,
  ACCOUNT_KINDS,
  AccountModeMark,
  BalancesLoadError,
  BalancesGate,
  type AccountKind,
} from '#entities/balance';
import { $accountType } from '#shared/session';
import { useKept } from '#shared/lib';
import { formatAmount, useNumberStyle } from '#shared/format';
import { isRouteAvailable, PATHS } from '#shared/routing';
import { LineIcon, Page } from '#shared/ui';
import { LoadingSkeleton } from '#shared/ui/states';
import Button from 'antd-mobile/es/components/button';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useGate, useStoreMap, useUnit } from 'effector-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { $toppingUp, DEMO_TOP_UP, topUpClicked } from '../model/top-up.ts';
import styles from './assets-page.module.css';

const ACTIONS = [
  { key: 'deposit', to: PATHS.recharge, icon: 'M12 4v12m-5-5l5 5 5-5M5 20h14' },
  { key: 'withdraw', to: PATHS.withdraw, icon: 'M12 20V8m-5 5l5-5 5 5M5 4h14' },
  { key: 'transfer', to: PATHS.transfer, icon: 'M4 8h14l-4-4M20 16H6l4 4' },
  { key: 'records', to: PATHS.assetsLog, icon: 'M6 4h12v16H6zM9 9h6M9 13h6M9 17h3' },
] as const;

/** The Assets tab: the total in the user's currency, the three accounts, the ways to move money. */
export function AssetsPage() {
  const { t } = useTranslation();
  useGate(BalancesGate, {});
  const view = useUnit($balancesView);
  return (
    <Page
      title={t('funds.assets.title')}
      back={false}
      withTabBar
      extra={<AccountModeMark placement="header" />}
    >
      {view === 'loading' ? <AssetsSkeleton /> : null}
      {view === 'error' ? <BalancesLoadError className={styles.error} /> : null}
      {view === 'ready' ? <Total /> : null}
      <DemoTopUp />
      <nav className={styles.actions} aria-label={t('funds.assets.actions')}>
        {ACTIONS.filter((action) => isRouteAvailable(action.to)).map((action) => (
          <Link key={action.key} to={action.to} className={styles.action}>
            <span className={styles.actionIcon}>
              <LineIcon d={action.icon} />
            </span>
            <span className={styles.actionLabel}>{t(`funds.assets.${action.key}`)}</span>
          </Link>
        ))}
      </nav>
      {view === 'ready' ? (
        <section aria-label={t('funds.assets.accounts')} className={styles.accounts}>
          {ACCOUNT_KINDS.map((account) => (
            <AccountCard key={account} account={account} />
          ))}
        </section>
      ) : null}
    </Page>
  );
}

function Total() {
  const { t } = useTranslation();
  const numbers = useNumberStyle();
  const balances = useUnit($balances);
  if (balances === null) return null;
  return (
    <section className={styles.total} aria-label={t('funds.assets.total')}>
      <p className={styles.totalLabel}>
        {t('funds.assets.totalIn', { currency: balances.currency })}
      </p>
      <p className={`num ${styles.totalValue}`}>
        {formatAmount(balances.total_in_currency, 2, numbers)}
      </p>
      <p className={`num ${styles.totalUsdt}`}>
        {t('funds.assets.aboutUsdt', { amount: formatAmount(balances.total_usdt, 2, numbers) })}
      </p>
    </section>
  );
}

/** One account; it re-renders only when its own balance changes. */
function AccountCard({ account }: { account: AccountKind }) {
  const { t } = useTranslation();
  const numbers = useNumberStyle();
  const balance = useStoreMap({
    store: $balancesByAccount,
    keys: [account],
    fn: (byAccount, [kind]) => byAccount?.[kind] ?? null,
  });
  if (balance === null) return null;
  return (
    <article className={styles.account} aria-labelledby={`account-${account}`}>
      <h2 id={`account-${account}`} className={styles.accountName}>
        {t(`funds.accounts.${account}`)}
      </h2>
      <dl className={styles.figures}>
        <div>
          <dt>{t('funds.available')}</dt>
          <dd className="num">{formatAmount(balance.available, 2, numbers)}</dd>
        </div>
        <div>
          <dt>{t('funds.frozen')}</dt>
          <dd className="num">{formatAmount(balance.frozen, 2, numbers)}</dd>
        </div>
        <div>
          <dt>{t('funds.totalUsdt')}</dt>
          <dd className="num">{formatAmount(balance.total, 2, numbers)}</dd>
        </div>
      </dl>
    </article>
  );
}

/** In demo mode: more play money, at once. */
function DemoTopUp() {
  const { t } = useTranslation();
  const numbers = useNumberStyle();
  const [busy, topUp] = useUnit([$toppingUp, topUpClicked]);
  const mode = useKept($accountType);
  if (mode !== 'demo') return null;
  return (
    <Button
      block
      fill="outline"
      color="warning"
      className={styles.topUp}
      loading={busy}
      onClick={() => {
        topUp();
      }}
    >
      {t('funds.assets.topUp', { amount: formatAmount(DEMO_TOP_UP, 2, numbers) })}
    </Button>
  );
}

function AssetsSkeleton() {
  return (
    <LoadingSkeleton className={styles.total}>
      <Skeleton animated className={styles.skeletonLine} />
      <Skeleton animated className={styles.skeletonBig} />
      <Skeleton animated className={styles.skeletonLine} />
    </LoadingSkeleton>
  );
}
