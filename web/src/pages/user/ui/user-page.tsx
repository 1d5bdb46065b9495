import type { AccountMode, UserInfo } from '@bourse/protocol';
import { $switching, accountSwitchRequested, SwitchSheet } from '#features/switch-account';
import { IdentityTag, maskedContactOf, ViewerAvatar } from '#entities/viewer';
import { LANDING_PATH, PATHS } from '#shared/routing';
import { useKept } from '#shared/lib';
import { $accountType, $userInfo } from '#shared/session';
import { Page } from '#shared/ui';
import { ConfirmSheet } from '#shared/ui/sheet';
import Button from 'antd-mobile/es/components/button';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import List from 'antd-mobile/es/components/list';
import Skeleton from 'antd-mobile/es/components/skeleton';
import Switch from 'antd-mobile/es/components/switch';
import Tag from 'antd-mobile/es/components/tag';
import { useGate, useUnit } from 'effector-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  $forgetMe,
  $logoutAsked,
  $userLoadFailed,
  $userLoading,
  copyRequested,
  forgetMeToggled,
  logoutClicked,
  logoutConfirmed,
  logoutDismissed,
  UserPageGate,
  userRetried,
} from '../model/model.ts';
import { Icon, type IconName } from './icons.tsx';
import styles from './user-page.module.css';

/** The screens the personal centre lists. */
const MENU: readonly { key: string; to: string; icon: IconName }[] = [
  { key: 'verified', to: PATHS.verified, icon: 'policy' },
  { key: 'bind', to: PATHS.bind, icon: 'wallet' },
  { key: 'invite', to: PATHS.invite, icon: 'invite' },
  { key: 'team', to: PATHS.team, icon: 'team' },
  { key: 'settings', to: PATHS.setup, icon: 'settings' },
  { key: 'announcements', to: PATHS.announcement, icon: 'announcement' },
  { key: 'help', to: PATHS.help, icon: 'help' },
  { key: 'support', to: PATHS.consult, icon: 'support' },
  { key: 'servicePolicy', to: `${PATHS.configDetail}?key=service_policy`, icon: 'policy' },
  { key: 'aboutUs', to: `${PATHS.configDetail}?key=about_us`, icon: 'about' },
];

export function UserPage() {
  const { t } = useTranslation();
  useGate(UserPageGate, {});
  const [loading, failed, logoutAsked, retry, logoutAsk] = useUnit([
    $userLoading,
    $userLoadFailed,
    $logoutAsked,
    userRetried,
    logoutClicked,
  ]);
  const user = useKept($userInfo);
  const accountType = useKept($accountType);

  return (
    <Page title={t('user.title')} back={LANDING_PATH}>
      {user ? (
        <ProfileCard user={user} accountType={accountType} />
      ) : failed && !loading ? (
        <ErrorBlock
          status="disconnected"
          title={t('user.loadFailed')}
          description={t('errors.pageLoadHint')}
        >
          <Button color="primary" onClick={retry}>
            {t('common.retry')}
          </Button>
        </ErrorBlock>
      ) : (
        <ProfileSkeleton />
      )}

      {user ? <AccountSwitch accountType={accountType} /> : null}

      <List mode="card" header={t('user.menu.title')} className={styles.list}>
        {MENU.map((item) => (
          <List.Item
            key={item.key}
            prefix={<Icon name={item.icon} />}
            arrowIcon
            className={styles.row}
          >
            <Link to={item.to} className={styles.stretched}>
              {t(`user.menu.${item.key}`)}
            </Link>
          </List.Item>
        ))}
      </List>

      <Button block fill="outline" color="danger" className={styles.logout} onClick={logoutAsk}>
        {t('user.logout.action')}
      </Button>

      <SwitchSheet />
      <LogoutSheet visible={logoutAsked} />
    </Page>
  );
}

function ProfileCard({ user, accountType }: { user: UserInfo; accountType: AccountMode }) {
  const { t } = useTranslation();
  const contact = maskedContactOf(user);
  return (
    <section className={styles.card} aria-label={t('user.profile')}>
      <div className={styles.who}>
        <ViewerAvatar src={user.avatar} nickname={user.nickname} size={64} />
        <div className={styles.names}>
          <h2 className={styles.nickname}>{user.nickname}</h2>
          <p className={styles.contact}>{contact === '' ? t('user.noContact') : contact}</p>
          <div className={styles.tags}>
            <IdentityTag status={user.identity_status} />
            <Tag color={accountType === 'demo' ? 'warning' : 'primary'} fill="outline" round>
              {t(`user.account.${accountType}`)}
            </Tag>
          </div>
        </div>
      </div>
      <dl className={styles.codes}>
        <CopyField label={t('user.userId')} value={user.user_id} />
        <CopyField label={t('user.inviteCode')} value={user.invite_code} />
      </dl>
    </section>
  );
}

/** A value the user can copy with one tap (their id, their invite code). */
function CopyField({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  const copy = useUnit(copyRequested);
  return (
    <div className={styles.code}>
      <dt className={styles.codeLabel}>{label}</dt>
      <dd className={styles.codeValue}>
        {value === '' ? (
          <span className={styles.none}>—</span>
        ) : (
          <button
            type="button"
            className={styles.copy}
            onClick={() => {
              copy(value);
            }}
            aria-label={t('user.copyLabel', { label, value })}
          >
            <span className="num">{value}</span>
            <Icon name="copy" size={16} />
          </button>
        )}
      </dd>
    </div>
  );
}

function ProfileSkeleton() {
  const { t } = useTranslation();
  return (
    <section className={styles.card} aria-busy="true" aria-label={t('common.loading')}>
      <div className={styles.who}>
        <Skeleton
          animated
          style={{ '--width': '64px', '--height': '64px', '--border-radius': '50%' }}
        />
        <div className={styles.names}>
          <Skeleton animated style={{ '--width': '60%', '--height': '20px' }} />
          <Skeleton animated style={{ '--width': '45%', '--height': '14px' }} />
          <Skeleton animated style={{ '--width': '35%', '--height': '18px' }} />
        </div>
      </div>
      <Skeleton animated style={{ '--width': '100%', '--height': '40px' }} />
    </section>
  );
}

function AccountSwitch({ accountType }: { accountType: AccountMode }) {
  const { t } = useTranslation();
  const [switching, request] = useUnit([$switching, accountSwitchRequested]);
  const demo = accountType === 'demo';
  return (
    <List mode="card" className={styles.list}>
      <List.Item
        prefix={<Icon name="demo" />}
        description={t(demo ? 'user.account.demoHint' : 'user.account.realHint')}
        extra={
          <Switch
            checked={demo}
            loading={switching}
            onChange={() => {
              request();
            }}
            aria-label={t('user.account.demoSwitch')}
          />
        }
      >
        {t('user.account.demoSwitch')}
      </List.Item>
    </List>
  );
}

function LogoutSheet({ visible }: { visible: boolean }) {
  const { t } = useTranslation();
  const [confirm, dismiss, forgetMe, forgetToggled] = useUnit([
    logoutConfirmed,
    logoutDismissed,
    $forgetMe,
    forgetMeToggled,
  ]);
  return (
    <ConfirmSheet
      visible={visible}
      title={t('user.logout.question')}
      confirmText={t('user.logout.confirm')}
      danger
      cancelText={t('common.cancel')}
      onConfirm={() => {
        confirm();
      }}
      onCancel={() => {
        dismiss();
      }}
    >
      <p className={styles.questionText}>{t('user.logout.hint')}</p>
      <label className={styles.forgetMe}>
        <input
          type="checkbox"
          checked={forgetMe}
          onChange={(event) => {
            forgetToggled(event.target.checked);
          }}
        />
        {t('user.logout.forget')}
      </label>
      <p className={styles.questionText}>{t('user.logout.forgetHint')}</p>
    </ConfirmSheet>
  );
}
