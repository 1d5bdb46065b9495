import { IPO_STAGE_ORDER, IPO_STATUS_LABEL_KEYS, IpoCard, ipoListHref } from '#entities/ipo';
import { EmptyState, LoadError, LoadingSkeleton } from '#shared/ui/states';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { Tabs, tabPanelProps } from '#shared/ui/tabs';
import { useUnit } from 'effector-react';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  $ipoHasMore,
  $ipoOfferings,
  $ipoTab,
  $ipoView,
  IPO_PREVIEW,
  ipoRetryClicked,
  ipoTabChosen,
} from '../model/ipo.ts';
import { HomeSection } from './section.tsx';
import styles from './home-page.module.css';

/** The ids of the IPO section's tabs and of the list they show. */
const IPO_TABS_ID = 'home-ipo-stages';

/** The IPO screen, opened on a status tab. */

/** IPO offerings: a tab per stage, the first few of each, and the way to all of them. */
export function IpoOfferings() {
  const { t } = useTranslation();
  const [tab, viewNow, hasMore, choose, retry] = useUnit([
    $ipoTab,
    $ipoView,
    $ipoHasMore,
    ipoTabChosen,
    ipoRetryClicked,
  ]);
  // Below the fold: drawn in a transition, after what is above it (see FeaturedMarkets).
  const view = useDeferredValue(viewNow);
  return (
    <HomeSection
      id="home-ipo"
      title={t('home.ipo.title')}
      more={{
        to: ipoListHref(tab),
        text: t('home.ipo.viewAll'),
      }}
    >
      <Tabs
        items={IPO_STAGE_ORDER.map((key) => ({ key, label: t(IPO_STATUS_LABEL_KEYS[key]) }))}
        selected={tab}
        onChange={choose}
        label={t('home.ipo.title')}
        idPrefix={IPO_TABS_ID}
      />
      <div {...tabPanelProps(IPO_TABS_ID, tab)}>
        {view === 'loading' ? (
          <LoadingSkeleton className={styles.ipoSkeletons}>
            {Array.from({ length: IPO_PREVIEW }, (_, i) => (
              <Skeleton key={i} animated className={styles.ipoSkeleton} />
            ))}
          </LoadingSkeleton>
        ) : null}
        {view === 'error' ? (
          <LoadError
            className={styles.sectionState}
            compact
            title={t('home.ipo.errorTitle')}
            hint={t('home.ipo.errorHint')}
            onRetry={retry}
          />
        ) : null}
        {view === 'empty' ? (
          <EmptyState
            className={styles.sectionState}
            title={t('home.ipo.emptyTitle')}
            hint={t(`home.ipo.empty.${tab}`)}
          />
        ) : null}
        {view === 'ready' ? <IpoList hasMore={hasMore} /> : null}
      </div>
    </HomeSection>
  );
}

function IpoList({ hasMore }: { hasMore: boolean }) {
  const { t } = useTranslation();
  const [tab, offerings] = useUnit([$ipoTab, $ipoOfferings]);
  return (
    <>
      <ul className={styles.ipoList} aria-label={t(IPO_STATUS_LABEL_KEYS[tab])}>
        {offerings.map((offering) => (
          <li key={offering.id}>
            <IpoCard offering={offering} />
          </li>
        ))}
      </ul>
      {hasMore ? (
        <Link to={ipoListHref(tab)} className={styles.ipoAll}>
          {t('home.ipo.viewAllLabel', { status: t(IPO_STATUS_LABEL_KEYS[tab]) })}
        </Link>
      ) : null}
    </>
  );
}
