import { PATHS } from '#shared/routing';
import { Chevron as ChevronIcon, LineIcon, Page } from '#shared/ui';
import { LoadError, LoadingSkeleton } from '#shared/ui/states';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useGate, useUnit } from 'effector-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  $agents,
  $agentsView,
  $channels,
  $channelsView,
  $faq,
  $faqView,
  agentsRetryClicked,
  channelsRetryClicked,
  ConsultGate,
  type SupportAgent,
  type SupportChannel,
} from '../model/consult.ts';
import { linkTargetOf } from '../model/links.ts';
import styles from './consult-page.module.css';

type Channel = SupportChannel['channel'];

const AGENTS_ID = 'consult-agents';

const CHANNEL_ICONS: Readonly<Record<Channel, string>> = {
  online: 'M4 5h16v11H8l-4 4zM8 9h8M8 12h5',
  telegram: 'M21 4L3 11l6 2 2 6 3-4 5 4zM9 13l8-6',
  whatsapp:
    'M12 3a9 9 0 00-7.8 13.5L3 21l4.6-1.2A9 9 0 1012 3zm-3 5c0 4 3 7 7 7l1-2-2-1-1 1c-1-.5-2-1.5-2.5-2.5l1-1-1-2z',
  email: 'M3 6h18v12H3zM3 7l9 6 9-6',
};

export function ConsultPage() {
  const { t } = useTranslation();
  useGate(ConsultGate);
  return (
    <Page title={t('consult.title')} back={PATHS.user}>
      <p className={styles.lead}>{t('consult.lead')}</p>
      <Channels />
      <Agents />
      <FaqTeaser />
    </Page>
  );
}

function Section({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  const headingId = `${id ?? title}-heading`;
  return (
    <section className={styles.section} id={id} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function Channels() {
  const { t } = useTranslation();
  const { view, channels, retry } = useUnit({
    view: $channelsView,
    channels: $channels,
    retry: channelsRetryClicked,
  });
  return (
    <Section title={t('consult.channels')} id="consult-channels">
      {view === 'loading' ? <RowSkeletons rows={4} /> : null}
      {view === 'error' ? (
        <SectionError
          message={t('consult.channelsFailed')}
          onRetry={() => {
            retry();
          }}
        />
      ) : null}
      {view === 'empty' ? <p className={styles.note}>{t('consult.noChannels')}</p> : null}
      {view === 'ready' && channels ? (
        <ul className={styles.card}>
          {channels.map((channel) => (
            <li key={channel.id}>
              <ChannelRow channel={channel} />
            </li>
          ))}
        </ul>
      ) : null}
    </Section>
  );
}

function ChannelRow({ channel }: { channel: SupportChannel }) {
  const { t } = useTranslation();
  const target = linkTargetOf(channel.link);
  const body = (
    <>
      <ChannelIcon channel={channel.channel} />
      <span className={styles.rowText}>
        <span className={styles.rowTitle}>{channel.name}</span>
        <span className={styles.rowHint}>
          {t(`consult.channel.${channel.channel}`)}
          {channel.hours === '' ? null : (
            <>
              {' · '}
              <span className="visually-hidden">{t('consult.hours')} </span>
              <span className="num">{channel.hours}</span>
            </>
          )}
        </span>
      </span>
    </>
  );
  return <SupportLink target={target}>{body}</SupportLink>;
}

/** Opens a support link the way its kind asks. */
function SupportLink({
  target,
  children,
}: {
  target: ReturnType<typeof linkTargetOf>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  switch (target.kind) {
    case 'external':
      return (
        <a className={styles.row} href={target.href} target="_blank" rel="noopener noreferrer">
          {children}
          <span className="visually-hidden">{t('consult.opensNewTab')}</span>
          <ExternalIcon />
        </a>
      );
    case 'direct':
      return (
        <a className={styles.row} href={target.href}>
          {children}
          <Chevron />
        </a>
      );
    case 'app':
      return (
        <Link className={styles.row} to={target.to}>
          {children}
          <Chevron />
        </Link>
      );
    case 'desk':
    case 'none':
      // Never offered (the model leaves them out): the protocol has no in-app conversation.
      return <div className={styles.row}>{children}</div>;
  }
}

function Agents() {
  const { t } = useTranslation();
  const { view, agents, retry } = useUnit({
    view: $agentsView,
    agents: $agents,
    retry: agentsRetryClicked,
  });
  return (
    <Section title={t('consult.agents')} id={AGENTS_ID}>
      {view === 'guest' ? (
        <div className={styles.guestCard}>
          <p className={styles.guestText}>{t('consult.agentsSignIn')}</p>
          <Link to={PATHS.login} state={{ from: PATHS.consult }} className={styles.guestButton}>
            {t('consult.signIn')}
          </Link>
        </div>
      ) : null}
      {view === 'loading' ? <RowSkeletons rows={3} /> : null}
      {view === 'error' ? (
        <SectionError
          message={t('consult.agentsFailed')}
          onRetry={() => {
            retry();
          }}
        />
      ) : null}
      {view === 'empty' ? <p className={styles.note}>{t('consult.noAgents')}</p> : null}
      {view === 'ready' && agents ? (
        <ul className={styles.card}>
          {agents.map((agent) => (
            <li key={agent.id}>
              <AgentRow agent={agent} />
            </li>
          ))}
        </ul>
      ) : null}
    </Section>
  );
}

function AgentRow({ agent }: { agent: SupportAgent }) {
  const { t } = useTranslation();
  const target = linkTargetOf(agent.link);
  const initial = Array.from(agent.name.trim())[0]?.toLocaleUpperCase() ?? '?';
  const body = (
    <>
      <span className={styles.avatar} aria-hidden="true">
        {initial}
        <span className={`${styles.dot} ${agent.online ? styles.online : styles.offline}`} />
      </span>
      <span className={styles.rowText}>
        <span className={styles.rowTitle}>{agent.name}</span>
        <span className={styles.rowHint}>
          {t(`consult.channel.${agent.channel}`)}
          {' · '}
          <span className={agent.online ? styles.onlineText : undefined}>
            {t(agent.online ? 'consult.online' : 'consult.offline')}
          </span>
        </span>
      </span>
    </>
  );
  return <SupportLink target={target}>{body}</SupportLink>;
}

function FaqTeaser() {
  const { t } = useTranslation();
  const { view, faq } = useUnit({ view: $faqView, faq: $faq });
  return (
    <Section title={t('consult.faq')} id="consult-faq">
      <div className={styles.card}>
        {view === 'loading' ? <RowSkeletons rows={3} flat withIcon={false} /> : null}
        {view === 'ready' && faq ? (
          <ul className={styles.list}>
            {faq.map((entry) => (
              <li key={entry.id}>
                <Link
                  className={styles.row}
                  to={`${PATHS.consultDetail}?id=${encodeURIComponent(entry.id)}`}
                >
                  <span className={styles.rowText}>
                    <span className={styles.question}>{entry.title}</span>
                  </span>
                  <Chevron />
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
        <Link to={PATHS.help} className={`${styles.row} ${styles.seeAll}`}>
          <span className={styles.rowText}>{t('consult.allQuestions')}</span>
          <Chevron />
        </Link>
      </div>
    </Section>
  );
}

function SectionError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <LoadError
      className={styles.card}
      compact
      title={message}
      hint={t('consult.failedHint')}
      onRetry={onRetry}
    />
  );
}

function RowSkeletons({
  rows,
  flat = false,
  withIcon = true,
}: {
  rows: number;
  flat?: boolean;
  withIcon?: boolean;
}) {
  return (
    <LoadingSkeleton className={flat ? undefined : styles.card}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className={styles.skeletonRow} aria-hidden="true">
          {withIcon ? <Skeleton animated className={styles.skeletonIcon} /> : null}
          <span className={styles.rowText}>
            <Skeleton animated className={styles.skeletonTitle} />
            <Skeleton animated className={styles.skeletonHint} />
          </span>
        </div>
      ))}
    </LoadingSkeleton>
  );
}

function ChannelIcon({ channel }: { channel: Channel }) {
  return (
    <span className={styles.icon} aria-hidden="true">
      <LineIcon d={CHANNEL_ICONS[channel]} />
    </span>
  );
}

function Chevron() {
  return <ChevronIcon className={styles.trail} />;
}

function ExternalIcon() {
  return (
    <svg className={styles.trail} width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="M14 4h6v6M20 4l-9 9M18 14v5H5V6h5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
