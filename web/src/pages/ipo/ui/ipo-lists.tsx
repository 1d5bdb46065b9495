import { Tabs, tabPanelProps, useTabQuery } from '#shared/ui/tabs';
import { MoreOnScroll } from '#shared/ui/more';
import {
  IPO_TAB_QUERY,
  IPO_STAGE_ORDER,
  IPO_STATUS_LABEL_KEYS,
  IpoCard,
  type IpoListModel,
  type IpoStatus,
} from '#entities/ipo';
import { AccountLink } from '#entities/viewer';
import { PATHS } from '#shared/routing';
import { DelayedLoader, Page } from '#shared/ui';
import { EmptyState, LoadError } from '#shared/ui/states';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import { useGate, useUnit } from 'effector-react';
import { useTranslation } from 'react-i18next';
import { IPO_LISTS, tabOf } from '../model/lists.ts';
import styles from './ipo-page.module.css';

/** The ids of the stage tabs and of the list they show. */
const STAGE_TABS_ID = 'ipo-stages';

/** The four stages as tabs, the chosen one in `?tab=`, and its list of offerings. */
export function IpoListsView() {
  const { t } = useTranslation();
  const [tab, chooseTab] = useTabQuery(tabOf, IPO_TAB_QUERY);
  return (
    <Page title={t('ipo.title')} back={PATHS.root} flush extra={<AccountLink />}>
      <Tabs
        items={IPO_STAGE_ORDER.map((status) => ({
          key: status,
          label: t(IPO_STATUS_LABEL_KEYS[status]),
        }))}
        selected={tab}
        onChange={chooseTab}
        label={t('ipo.tabs')}
        idPrefix={STAGE_TABS_ID}
        className={styles.tabs}
      />
      <div {...tabPanelProps(STAGE_TABS_ID, tab)}>
        <IpoList key={tab} model={IPO_LISTS[tab]} />
      </div>
    </Page>
  );
}

function IpoList({ model }: { model: IpoListModel }) {
  const { t } = useTranslation();
  useGate(model.Gate);
  const view = useUnit(model.$view);
  if (view === 'loading') return <DelayedLoader label={t('common.loading')} />;
  if (view === 'error') return <ListLoadError model={model} />;
  if (view === 'empty') return <NoOfferings model={model} />;
  return <Offerings model={model} />;
}

function Offerings({ model }: { model: IpoListModel }) {
  const { t } = useTranslation();
  const { offerings, hasMore, refresh, loadNextPage } = useUnit({
    offerings: model.$offerings,
    hasMore: model.$hasMore,
    refresh: model.refreshFx,
    loadNextPage: model.loadNextPageFx,
  });
  return (
    <PullToRefresh
      pullingText={t('ipo.pullToRefresh')}
      canReleaseText={t('ipo.releaseToRefresh')}
      refreshingText={t('common.loading')}
      completeText={t('ipo.refreshed')}
      onRefresh={async () => {
        // A failed refresh keeps the list; the app has already said why.
        await refresh().catch(() => undefined);
      }}
    >
      <ul className={styles.list} aria-label={t(IPO_STATUS_LABEL_KEYS[model.status])}>
        {offerings.map((offering) => (
          <li key={offering.id}>
            <IpoCard offering={offering} showStatus={false} />
          </li>
        ))}
      </ul>
      <MoreOnScroll
        hasMore={hasMore}
        loadMore={loadNextPage}
        failedText={t('ipo.moreFailed')}
        endText={t('ipo.allShown')}
      />
    </PullToRefresh>
  );
}

function ListLoadError({ model }: { model: IpoListModel }) {
  const { t } = useTranslation();
  const retry = useUnit(model.retryClicked);
  return <LoadError title={t('ipo.errorTitle')} hint={t('ipo.errorHint')} onRetry={retry} />;
}

const EMPTY_TITLE_KEYS = {
  subscribing: 'ipo.emptyTitle.subscribing',
  submitted: 'ipo.emptyTitle.submitted',
  pending_listing: 'ipo.emptyTitle.pending_listing',
  listed: 'ipo.emptyTitle.listed',
} as const satisfies Record<IpoStatus, string>;

function NoOfferings({ model }: { model: IpoListModel }) {
  const { t } = useTranslation();
  const retry = useUnit(model.retryClicked);
  return (
    <EmptyState
      title={t(EMPTY_TITLE_KEYS[model.status])}
      hint={t('ipo.emptyHint')}
      action={{ label: t('ipo.checkAgain'), onClick: retry, outline: true }}
    />
  );
}
