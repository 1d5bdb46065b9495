import type { RewardRule } from '@bourse/protocol';
import { PATHS } from '#shared/routing';
import { LineIcon, Page } from '#shared/ui';
import { LoadError, LoadingSkeleton } from '#shared/ui/states';
import Button from 'antd-mobile/es/components/button';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useGate, useUnit } from 'effector-react';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  $inviteLink,
  $loadFailed,
  $qrContent,
  $shareInfo,
  copyRequested,
  InvitePageGate,
  inviteRetried,
  shareClicked,
  type ShareInfo,
} from '../model/invite.ts';
import styles from './invite-page.module.css';

/** Two offset sheets: copy. */
const COPY_ICON = 'M9 9h10v10H9zM5 15V5h10';

// The encoder comes with the code to draw, not before.
const QrCode = lazy(() => import('#shared/ui/qr').then((module) => ({ default: module.QrCode })));

/** Whether this browser has a system share sheet (a phone over HTTPS). */
const canShare = (): boolean =>
  typeof navigator !== 'undefined' && typeof navigator.share === 'function';

export function InvitePage() {
  const { t } = useTranslation();
  // (read in the browser only: the build prerenders this page's frame, where no link is drawn)
  const gateProps = useMemo(
    () => ({ origin: typeof window === 'undefined' ? '' : window.location.origin }),
    [],
  );
  useGate(InvitePageGate, gateProps);
  const [info, failed, retry] = useUnit([$shareInfo, $loadFailed, inviteRetried]);

  return (
    <Page title={t('invite.title')} back={PATHS.user}>
      {failed ? (
        <LoadError title={t('invite.loadFailed')} hint={t('errors.pageLoadHint')} onRetry={retry} />
      ) : info ? (
        <Invitation info={info} />
      ) : (
        <LoadingSkeleton>
          <Skeleton animated className={styles.skeletonCard} />
          <Skeleton animated className={styles.skeletonRules} />
        </LoadingSkeleton>
      )}
    </Page>
  );
}

function Invitation({ info }: { info: ShareInfo }) {
  const { t } = useTranslation();
  const [link, qr, copy, share] = useUnit([$inviteLink, $qrContent, copyRequested, shareClicked]);
  return (
    <>
      <section className={`${styles.card} ${styles.center}`} aria-labelledby="invite-code">
        <p className={styles.muted}>{t('invite.lead')}</p>
        <h2 id="invite-code" className={styles.codeLabel}>
          {t('invite.codeLabel')}
        </h2>
        <button
          type="button"
          className={styles.code}
          onClick={() => {
            copy(info.invite_code);
          }}
          aria-label={t('invite.copyCode', { code: info.invite_code })}
        >
          <span className="num">{info.invite_code}</span>
          <LineIcon d={COPY_ICON} size={18} />
        </button>
        <Suspense fallback={<Skeleton animated className={styles.skeletonQr} />}>
          <QrCode value={qr} label={t('invite.qrLabel')} />
        </Suspense>
        <p className={`num ${styles.link}`}>{link}</p>
        <div className={styles.actions}>
          <Button
            color="primary"
            fill="outline"
            onClick={() => {
              copy(link);
            }}
          >
            {t('invite.copyLink')}
          </Button>
          {canShare() ? (
            <Button
              color="primary"
              onClick={() => {
                share({ title: t('invite.shareTitle'), text: t('invite.shareText'), url: link });
              }}
            >
              {t('invite.share')}
            </Button>
          ) : null}
        </div>
      </section>
      <section className={styles.card} aria-labelledby="invite-rules">
        <h2 id="invite-rules" className={styles.cardTitle}>
          {t('invite.rulesTitle')}
        </h2>
        <ul className={styles.rules}>
          {info.rules.map((rule) => (
            <Rule key={rule.level} rule={rule} />
          ))}
        </ul>
        <p className={styles.muted}>
          {t('invite.paidInto', { account: t(`funds.accounts.${info.reward_account}`) })}
        </p>
      </section>
      <Link to={PATHS.team} className={styles.teamLink}>
        {t('invite.seeTeam')}
      </Link>
    </>
  );
}

function Rule({ rule }: { rule: RewardRule }) {
  const { t } = useTranslation();
  return (
    <li className={styles.rule}>
      <span className={`num ${styles.rate}`}>{t('invite.rate', { rate: rule.rate })}</span>
      <span className={styles.ruleText}>
        <strong>
          {rule.level === 1
            ? t('invite.levelDirect')
            : t('invite.levelIndirect', { level: rule.level })}
        </strong>
        <span className={styles.muted}>{rule.description}</span>
      </span>
    </li>
  );
}
