import { CATEGORY_LABEL_KEYS } from '#entities/market';
import { Tabs } from '#shared/ui/tabs';
import { useUnit } from 'effector-react';
import { useTranslation } from 'react-i18next';
import { $tab, QUOTES_TABS, tabChosen, type QuotesTab } from '../model/quotes.ts';

/** The ids of the tabs and of the list they show (the panel). */
export const QUOTES_TABS_ID = 'quotes';

const LABEL_KEYS = {
  favourites: 'market.categories.favourites',
  ...CATEGORY_LABEL_KEYS,
} as const satisfies Record<QuotesTab, string>;

/** Favourites and the four categories. */
export function CategoryTabs() {
  const { t } = useTranslation();
  const [selected, choose] = useUnit([$tab, tabChosen]);
  return (
    <Tabs
      items={QUOTES_TABS.map((key) => ({ key, label: t(LABEL_KEYS[key]) }))}
      selected={selected}
      onChange={choose}
      label={t('market.categoriesLabel')}
      idPrefix={QUOTES_TABS_ID}
    />
  );
}
