import { LiveStatus, MarketFeedGate } from '#entities/market';
import { AccountLink } from '#entities/viewer';
import { Page } from '#shared/ui';
import { tabPanelProps } from '#shared/ui/tabs';
import { useGate, useUnit } from 'effector-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { $tab, QuotesGate, TAB_PARAM } from '../model/quotes.ts';
import { CategoryTabs, QUOTES_TABS_ID } from './category-tabs.tsx';
import { QuotesList } from './quotes-list.tsx';
import { SearchForm } from './search-form.tsx';
import styles from './quotes-page.module.css';

/** The Market screen: every symbol by category, live, searchable and sortable. */
export function QuotesPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  useGate(QuotesGate, { tab: params.get(TAB_PARAM) });
  useGate(MarketFeedGate);
  const tab = useUnit($tab);
  return (
    <Page title={t('market.title')} back={false} withTabBar flush extra={<AccountLink />}>
      <div className={styles.controls}>
        <SearchForm />
        <CategoryTabs />
      </div>
      <LiveStatus />
      <div {...tabPanelProps(QUOTES_TABS_ID, tab)}>
        <QuotesList />
      </div>
    </Page>
  );
}
