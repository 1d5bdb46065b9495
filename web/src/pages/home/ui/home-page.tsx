import { AccountLink } from '#entities/viewer';
import { Page } from '#shared/ui';
import { useGate } from 'effector-react';
import { useTranslation } from 'react-i18next';
import { HomeGate } from '../model/gate.ts';
import { AiTrading, Benefits } from './about.tsx';
import { BannerStrip, NoticeTicker } from './banners.tsx';
import { IpoOfferings } from './ipo.tsx';
import { FeaturedMarkets, MarketFeed, TopMovers } from './markets.tsx';
import styles from './home-page.module.css';

/**
 * The home screen: banners and announcements, featured markets, the day's top movers, IPO
 * offerings, then what the platform offers. Each section loads, fails and retries on its own.
 */
export function HomePage() {
  const { t } = useTranslation();
  useGate(HomeGate);
  return (
    <Page title={t('home.title')} back={false} withTabBar flush extra={<AccountLink />}>
      <MarketFeed />
      <div className={styles.home}>
        <BannerStrip />
        <NoticeTicker />
        <FeaturedMarkets />
        <TopMovers />
        <IpoOfferings />
        <AiTrading />
        <Benefits />
      </div>
    </Page>
  );
}
