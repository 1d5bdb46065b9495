import { useAssetUrl } from '#shared/config';
import { linkTargetOf, PATHS } from '#shared/routing';
import { LoadError } from '#shared/ui/states';
import NoticeBar from 'antd-mobile/es/components/notice-bar';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useUnit } from 'effector-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
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
      <BannerTrack
        banners={banners}
        autoplay={!reducedMotion && !handled && banners.length > 1}
        slideLabel={(banner, index) =>
          t('home.banners.slide', { index: index + 1, count: banners.length, title: banner.title })
        }
      />
    </section>
  );
}

/**
 * The slides side by side in a strip the browser scrolls and snaps (CSS scroll snap): a swipe is
 * the browser's own, and a turn is a smooth scroll the compositor runs. A JavaScript carousel
 * (antd's Swiper: react-spring and a gesture library) animated every turn on the main thread,
 * about when Home finishes loading.
 */
function BannerTrack({
  banners,
  autoplay,
  slideLabel,
}: {
  banners: readonly Banner[];
  autoplay: boolean;
  slideLabel: (banner: Banner, index: number) => string;
}) {
  const track = useRef<HTMLDivElement>(null);
  const current = useCurrentSlide(track);
  useAutoplay(track, banners.length, autoplay);
  // The picture in view first: the others are asked for once it is in (or has failed), so the
  // first screen's largest picture does not share the phone's connection and main thread with
  // pictures nobody sees for seconds yet.
  const [othersWanted, setOthersWanted] = useState(false);
  const firstSettled = () => {
    setOthersWanted(true);
  };
  return (
    <>
      <div ref={track} className={styles.bannerTrack}>
        {banners.map((banner, index) => (
          <div key={banner.id} className={styles.bannerSlide}>
            <BannerSlide
              banner={banner}
              label={slideLabel(banner, index)}
              waiting={index > 0 && !othersWanted}
              onFirstSettled={index === 0 ? firstSettled : undefined}
            />
          </div>
        ))}
      </div>
      {banners.length > 1 ? (
        // Where the strip stands, for the eye: each slide's link says "2 of 3" itself.
        <div className={styles.bannerDots} aria-hidden="true">
          {banners.map((banner, index) => (
            <span
              key={banner.id}
              className={`${styles.bannerDot} ${index === current ? styles.bannerDotOn : ''}`}
            />
          ))}
        </div>
      ) : null}
    </>
  );
}

/** The slide in view: re-rendered when it changes, not on every scroll event. */
function useCurrentSlide(track: RefObject<HTMLDivElement | null>): number {
  const [current, setCurrent] = useState(0);
  useEffect(() => {
    const element = track.current;
    if (element === null) return;
    let frame = 0;
    const onScroll = () => {
      if (frame !== 0) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        const width = element.clientWidth;
        if (width > 0) setCurrent(Math.round(element.scrollLeft / width));
      });
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      element.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [track]);
  return current;
}

/** Turns to the next slide every AUTOPLAY_MS, from the last back to the first. */
function useAutoplay(track: RefObject<HTMLDivElement | null>, count: number, on: boolean) {
  useEffect(() => {
    if (!on || count < 2) return;
    const timer = window.setInterval(() => {
      const element = track.current;
      const width = element?.clientWidth ?? 0;
      if (element === null || width === 0) return;
      const next = (Math.round(element.scrollLeft / width) + 1) % count;
      element.scrollTo({ left: next * width, behavior: 'smooth' });
    }, AUTOPLAY_MS);
    return () => {
      window.clearInterval(timer);
    };
  }, [track, count, on]);
}

function BannerSlide({
  banner,
  label,
  waiting,
  onFirstSettled,
}: {
  banner: Banner;
  label: string;
  /** its picture is not asked for yet */
  waiting: boolean;
  /**
   * set on the slide in view when the strip appears (its picture is the screen's largest): told
   * when its picture has loaded or failed
   */
  onFirstSettled: (() => void) | undefined;
}) {
  const src = useAssetUrl(banner.image);
  const picture = (
    <img
      className={styles.bannerImage}
      src={waiting ? undefined : src}
      alt={banner.title}
      width={750}
      height={300}
      decoding="async"
      fetchPriority={onFirstSettled === undefined ? 'auto' : 'high'}
      draggable={false}
      onLoad={onFirstSettled}
      onError={onFirstSettled}
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
