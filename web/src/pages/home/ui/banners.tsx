import { useAssetUrl } from '#shared/config';
import { linkTargetOf, PATHS } from '#shared/routing';
import { LoadError } from '#shared/ui/states';
import NoticeBar from 'antd-mobile/es/components/notice-bar';
import Skeleton from 'antd-mobile/es/components/skeleton';
import Swiper from 'antd-mobile/es/components/swiper';
import { useUnit } from 'effector-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  $banners,
  $bannersView,
  $noticesView,
  $tickerNotices,
  bannersRetryClicked,
  noticesRetryClicked,
  type Banner,
} from '../model/content.ts';
import styles from './home-page.module.css';
import { usePrefersReducedMotion } from './use-reduced-motion.ts';

const AUTOPLAY_MS = 4_000;

/**
 * The banner strip: slides that turn by themselves until the user takes over, and not at all when
 * the system asks for less motion.
 */
export function BannerStrip() {
  const { t } = useTranslation();
  const [view, banners, retry] = useUnit([$bannersView, $banners, bannersRetryClicked]);
  const reducedMotion = usePrefersReducedMotion();
  // Once the user touches or focuses the strip, the slides stay where they put them.
  const [handled, setHandled] = useState(false);
  const handle = () => {
    setHandled(true);
  };

  if (view === 'loading') {
    return (
      <div
        className={styles.banners}
        role="status"
        aria-busy="true"
        aria-label={t('common.loading')}
      >
        <Skeleton animated className={styles.bannerSkeleton} />
      </div>
    );
  }
  if (view === 'error') {
    return (
      <LoadError
        className={styles.sectionState}
        compact
        title={t('home.banners.errorTitle')}
        hint={t('common.loadFailed')}
        onRetry={retry}
      />
    );
  }
  // No banners is not worth a hole at the top of the screen: the strip just is not there.
  if (view === 'empty' || banners === null) return null;
  return (
    <section
      className={styles.banners}
      aria-label={t('home.banners.label')}
      onPointerDown={handle}
      onFocus={handle}
    >
      <Swiper
        autoplay={!reducedMotion && !handled && banners.length > 1}
        autoplayInterval={AUTOPLAY_MS}
        loop={banners.length > 1}
        className={styles.swiper}
      >
        {banners.map((banner, index) => (
          <Swiper.Item key={banner.id}>
            <BannerSlide
              banner={banner}
              label={t('home.banners.slide', {
                index: index + 1,
                count: banners.length,
                title: banner.title,
              })}
            />
          </Swiper.Item>
        ))}
      </Swiper>
    </section>
  );
}

function BannerSlide({ banner, label }: { banner: Banner; label: string }) {
  const src = useAssetUrl(banner.image);
  const picture = (
    <img
      className={styles.bannerImage}
      src={src}
      alt={banner.title}
      width={750}
      height={300}
      decoding="async"
      draggable={false}
    />
  );
  // A banner may promise a screen this build has not got: Market stands in for it.
  const target = linkTargetOf(banner.link, PATHS.quotes);
  if (target.kind === 'route') {
    return (
      <Link to={target.to} className={styles.banner} aria-label={label}>
        {picture}
      </Link>
    );
  }
  if (target.kind === 'web' || target.kind === 'direct') {
    return (
      <a
        href={target.href}
        className={styles.banner}
        aria-label={label}
        {...(target.kind === 'web' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        {picture}
      </a>
    );
  }
  return <div className={styles.banner}>{picture}</div>;
}

/** The latest announcements' titles running across one line; each opens its announcement. */
export function NoticeTicker() {
  const { t } = useTranslation();
  const [view, notices, retry] = useUnit([$noticesView, $tickerNotices, noticesRetryClicked]);
  const reducedMotion = usePrefersReducedMotion();
  const more = (
    <Link to={PATHS.announcement} className={styles.tickerMore}>
      {t('home.notices.more')}
    </Link>
  );

  if (view === 'loading') {
    return (
      <div
        className={styles.ticker}
        role="status"
        aria-busy="true"
        aria-label={t('common.loading')}
      >
        <Skeleton animated className={styles.tickerSkeleton} />
      </div>
    );
  }
  if (view === 'error') {
    return (
      <div className={`${styles.ticker} ${styles.tickerError}`} role="alert">
        <span>{t('home.notices.errorTitle')}</span>
        <button
          type="button"
          className={styles.textButton}
          onClick={() => {
            retry();
          }}
        >
          {t('common.retry')}
        </button>
      </div>
    );
  }
  const shown = reducedMotion ? (notices ?? []).slice(0, 1) : (notices ?? []);
  return (
    <nav className={styles.ticker} aria-label={t('home.notices.label')}>
      <NoticeBar
        className={styles.noticeBar}
        shape="rounded"
        bordered={false}
        wrap={reducedMotion}
        delay={1_000}
        speed={40}
        extra={more}
        content={
          shown.length === 0 ? (
            <span className={styles.tickerEmpty}>{t('home.notices.empty')}</span>
          ) : (
            <span className={styles.tickerItems}>
              {shown.map((notice) => (
                <Link
                  key={notice.id}
                  className={styles.tickerItem}
                  to={`${PATHS.announcementDetail}?id=${encodeURIComponent(notice.id)}`}
                >
                  {notice.title}
                </Link>
              ))}
            </span>
          )
        }
      />
    </nav>
  );
}
