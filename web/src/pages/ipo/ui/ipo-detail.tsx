import {
  changeTone,
  formatIpoChange,
  formatIpoPrice,
  IPO_STATUS_LABEL_KEYS,
  ipoStages,
  IpoIcon,
  IpoStatusTag,
  nextIpoStage,
  stageProgress,
  type IpoOffering,
  type IpoStatus,
} from '#entities/ipo';
import { formatAmount, useNumberStyle } from '#shared/format';
import { formatDateRange, useDateFormat } from '#shared/i18n';
import { PATHS } from '#shared/routing';
import { DelayedLoader, Page } from '#shared/ui';
import { EmptyState, LoadError } from '#shared/ui/states';
import Steps from 'antd-mobile/es/components/steps';
import { useGate, useUnit } from 'effector-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { $offering, $status, IpoDetailGate, retryClicked, stageDue } from '../model/detail.ts';
import styles from './ipo-page.module.css';
import { countdownParts, useCountdown } from './use-countdown.ts';

const STAGE_KEYS = {
  subscribing: 'ipoDetail.stage.subscribing',
  submitted: 'ipoDetail.stage.submitted',
  pending_listing: 'ipoDetail.stage.pending_listing',
  listed: 'ipoDetail.stage.listed',
} as const satisfies Record<IpoStatus, string>;

const COUNTDOWN_KEYS = {
  subscribing: 'ipoDetail.countdown.subscribing',
  submitted: 'ipoDetail.countdown.submitted',
  pending_listing: 'ipoDetail.countdown.pending_listing',
} as const satisfies Record<Exclude<IpoStatus, 'listed'>, string>;

/** One offering, from the `id` of the address. */
export function IpoDetailView({ id }: { id: string }) {
  const { t } = useTranslation();
  useGate(IpoDetailGate, { id });
  const { status, offering } = useUnit({ status: $status, offering: $offering });
  return (
    <Page title={t('ipoDetail.title')} back={PATHS.ipo}>
      {status === 'loading' ? <DelayedLoader label={t('common.loading')} /> : null}
      {status === 'ready' && offering ? <OfferingDetail offering={offering} /> : null}
      {status === 'notFound' ? <NotFound /> : null}
      {status === 'error' ? <DetailLoadError /> : null}
    </Page>
  );
}

function OfferingDetail({ offering }: { offering: IpoOffering }) {
  const { t } = useTranslation();
  return (
    <article className={styles.detail} aria-labelledby="ipo-name">
      <header className={styles.detailHead}>
        <IpoIcon icon={offering.icon} symbol={offering.symbol} size={48} />
        <span className={styles.identity}>
          <h2 id="ipo-name" className={styles.detailName}>
            {offering.name}
          </h2>
          <span className={styles.ticker}>
            {t('ipo.tickerOn', { symbol: offering.symbol, exchange: offering.exchange })}
          </span>
        </span>
        <IpoStatusTag status={offering.status} />
      </header>
      {offering.summary === '' ? null : <p className={styles.summary}>{offering.summary}</p>}
      <NextStage offering={offering} />
      <Figures offering={offering} />
      <Timeline offering={offering} />
      <About offering={offering} />
    </article>
  );
}

/** How long until the next stage; when it is due, the offering is read again. */
function NextStage({ offering }: { offering: IpoOffering }) {
  const { t } = useTranslation();
  const date = useDateFormat('dateTime');
  const next = nextIpoStage(offering);
  const due = useUnit(stageDue);
  const remaining = useCountdown(next?.at ?? null, due);
  const countdown = (ms: number) => {
    const parts = countdownParts(ms);
    return parts.days === '0'
      ? t('ipoDetail.countdownHours', parts)
      : t('ipoDetail.countdownValue', parts);
  };
  if (offering.status === 'listed') {
    return (
      <p className={styles.countdown}>
        {t('ipoDetail.listedSince', { date: date.format(offering.listing_time) })}
      </p>
    );
  }
  return (
    <p className={styles.countdown} role="timer" aria-live="off">
      <span className={styles.countdownLabel}>{t(COUNTDOWN_KEYS[offering.status])}</span>
      <span className={`${styles.countdownValue} num`}>
        {remaining === null || remaining === 0 ? t('ipoDetail.countdownDue') : countdown(remaining)}
      </span>
    </p>
  );
}

function Figures({ offering }: { offering: IpoOffering }) {
  const { t } = useTranslation();
  const numbers = useNumberStyle();
  const unknown = t('ipoDetail.notYetKnown');
  const rows: readonly { key: string; label: string; value: string; tone?: string }[] = [
    {
      key: 'issue',
      label: t('ipoDetail.issuePrice'),
      value: formatIpoPrice(offering.issue_price, offering.currency, numbers),
    },
    {
      key: 'shares',
      label: t('ipoDetail.sharesOffered'),
      value: formatAmount(offering.shares_offered, 0, numbers),
    },
    {
      key: 'min',
      label: t('ipoDetail.minShares'),
      value: t('ipoDetail.shares', {
        count: Number(offering.min_shares),
        formatted: formatAmount(offering.min_shares, 0, numbers),
      }),
    },
    {
      key: 'raise',
      label: t('ipoDetail.raiseAmount'),
      value: formatIpoPrice(offering.raise_amount, offering.currency, numbers),
    },
    { key: 'exchange', label: t('ipoDetail.exchange'), value: offering.exchange },
    {
      key: 'multiple',
      label: t('ipoDetail.subscriptionMultiple'),
      value:
        offering.subscription_multiple === null
          ? unknown
          : t('ipo.times', { value: formatAmount(offering.subscription_multiple, 2, numbers) }),
    },
    {
      key: 'listingPrice',
      label: t('ipoDetail.listingPrice'),
      value:
        offering.listing_price === null
          ? unknown
          : formatIpoPrice(offering.listing_price, offering.currency, numbers),
    },
    {
      key: 'change',
      label: t('ipoDetail.listingChange'),
      value:
        offering.listing_change_rate === null
          ? unknown
          : formatIpoChange(offering.listing_change_rate, numbers),
      tone: styles[changeTone(offering.listing_change_rate)],
    },
  ];
  return (
    <section className={styles.section} aria-labelledby="ipo-figures">
      <h3 id="ipo-figures" className={styles.sectionTitle}>
        {t('ipoDetail.figures')}
      </h3>
      <dl className={styles.figures}>
        {rows.map((row) => (
          <div key={row.key} className={styles.figure}>
            <dt>{row.label}</dt>
            <dd className={`num ${row.tone ?? ''}`}>{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Timeline({ offering }: { offering: IpoOffering }) {
  const { t } = useTranslation();
  const date = useDateFormat('dateTime');
  const stages = ipoStages(offering);
  const current = stages.findIndex((stage) => stage.status === offering.status);
  return (
    <section className={styles.section} aria-labelledby="ipo-timeline">
      <h3 id="ipo-timeline" className={styles.sectionTitle}>
        {t('ipoDetail.timeline')}
      </h3>
      <Steps direction="vertical" current={current} className={styles.timeline}>
        {stages.map((stage) => {
          const progress = stageProgress(offering, stage.status);
          const when =
            stage.status === 'subscribing'
              ? formatDateRange(date, offering.subscription_start, offering.subscription_end)
              : date.format(stage.at);
          return (
            <Steps.Step
              key={stage.status}
              status={progress === 'done' ? 'finish' : progress === 'current' ? 'process' : 'wait'}
              title={
                <span
                  className={progress === 'current' ? styles.currentStage : undefined}
                  aria-current={progress === 'current' ? 'step' : undefined}
                >
                  {t(IPO_STATUS_LABEL_KEYS[stage.status])}
                  {progress === 'current' ? (
                    <span className="visually-hidden"> ({t('ipoDetail.current')})</span>
                  ) : null}
                </span>
              }
              description={
                <span className={styles.stageWhen}>
                  {t(STAGE_KEYS[stage.status])} · <span className="num">{when}</span>
                </span>
              }
            />
          );
        })}
      </Steps>
    </section>
  );
}

function About({ offering }: { offering: IpoOffering }) {
  const { t } = useTranslation();
  const paragraphs = offering.description
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
  if (paragraphs.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="ipo-about">
      <h3 id="ipo-about" className={styles.sectionTitle}>
        {t('ipoDetail.about')}
      </h3>
      <div className={styles.about}>
        {paragraphs.map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
    </section>
  );
}

function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <EmptyState
      title={t('ipoDetail.notFoundTitle')}
      hint={t('ipoDetail.notFoundHint')}
      action={{
        label: t('ipoDetail.toList'),
        onClick: () => void navigate(PATHS.ipo, { replace: true }),
      }}
    />
  );
}

function DetailLoadError() {
  const { t } = useTranslation();
  const retry = useUnit(retryClicked);
  return (
    <LoadError title={t('ipoDetail.errorTitle')} hint={t('ipoDetail.errorHint')} onRetry={retry} />
  );
}
