import { formatAmount, useNumberStyle } from '#shared/format';
import { useDateFormat } from '#shared/i18n';
import { PATHS } from '#shared/routing';
import { HeaderLink, Page } from '#shared/ui';
import { PagedListView, RecordCard } from '#shared/ui/list';
import Skeleton from 'antd-mobile/es/components/skeleton';
import Decimal from 'decimal.js';
import { useUnit } from 'effector-react';
import { useTranslation } from 'react-i18next';
import { $summary, friends, inviteClicked, type TeamMember } from '../model/team.ts';
import styles from './team-page.module.css';

export function TeamPage() {
  const { t } = useTranslation();
  const invite = useUnit(inviteClicked);
  return (
    <Page
      title={t('team.title')}
      back={PATHS.user}
      extra={<HeaderLink to={PATHS.invite}>{t('team.invite')}</HeaderLink>}
      flush
    >
      <Summary />
      <h2 className={styles.listTitle}>{t('team.friendsTitle')}</h2>
      <PagedListView
        list={friends}
        label={t('team.friendsTitle')}
        row={(friend) => <FriendRow friend={friend} />}
        texts={{
          loadFailed: t('team.loadFailed'),
          emptyTitle: t('team.emptyTitle'),
          emptyHint: t('team.emptyHint'),
          emptyAction: {
            label: t('team.inviteFriends'),
            onClick: invite,
          },
        }}
      />
    </Page>
  );
}

/** The friend count and what the team earned the user today and in all. */
function Summary() {
  const { t } = useTranslation();
  const numbers = useNumberStyle();
  const summary = useUnit($summary);
  const usdt = (amount: string) => `${formatAmount(new Decimal(amount), 2, numbers)} USDT`;
  return (
    <section className={styles.summary} aria-label={t('team.summaryLabel')}>
      <dl className={styles.figures}>
        <Figure label={t('team.friendCount')} value={summary && String(summary.friendCount)} />
        <Figure label={t('team.today')} value={summary && usdt(summary.todayContribution)} />
        <Figure label={t('team.total')} value={summary && usdt(summary.totalContribution)} />
      </dl>
    </section>
  );
}

function Figure({ label, value }: { label: string; value: string | null }) {
  return (
    <div className={styles.figure}>
      <dt>{label}</dt>
      <dd className="num">{value ?? <Skeleton animated className={styles.figureSkeleton} />}</dd>
    </div>
  );
}

function FriendRow({ friend }: { friend: TeamMember }) {
  const { t } = useTranslation();
  const numbers = useNumberStyle();
  const date = useDateFormat('date');
  const joined = new Date(friend.joined_at);
  return (
    <RecordCard
      title={friend.nickname}
      amount={`+${formatAmount(new Decimal(friend.contribution), 2, numbers)} USDT`}
      amountTone={new Decimal(friend.contribution).isZero() ? undefined : 'in'}
      lines={[
        {
          label: t('team.level'),
          value:
            friend.level === 1
              ? t('invite.levelDirect')
              : t('invite.levelIndirect', { level: friend.level }),
        },
        {
          label: t('team.joined'),
          value: (
            <time className="num" dateTime={joined.toISOString()}>
              {date.format(joined)}
            </time>
          ),
        },
      ]}
    />
  );
}
