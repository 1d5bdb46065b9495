import { CATEGORY_LABEL_KEYS } from '#entities/market';
import { useUnit } from 'effector-react';
import { useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { $tab, QUOTES_TABS, tabChosen, type QuotesTab } from '../model/quotes.ts';
import styles from './quotes-page.module.css';

export const PANEL_ID = 'quotes-panel';
export const tabIdOf = (tab: QuotesTab): string => `quotes-tab-${tab}`;

const LABEL_KEYS = {
  favourites: 'market.categories.favourites',
  ...CATEGORY_LABEL_KEYS,
} as const satisfies Record<QuotesTab, string>;

/** Favourites and the four categories; the arrow keys move between them (WAI-ARIA tabs). */
export function CategoryTabs() {
  const { t } = useTranslation();
  const [selected, choose] = useUnit([$tab, tabChosen]);
  const list = useRef<HTMLDivElement>(null);

  // The selected tab is in view, when chosen and when restored from the URL (at 360 px the
  // tabs scroll sideways); the list scrolls by itself, the page does not move.
  useLayoutEffect(() => {
    const container = list.current;
    const tab = container?.querySelector<HTMLElement>(`#${tabIdOf(selected)}`);
    if (!container || !tab) return;
    const box = container.getBoundingClientRect();
    const own = tab.getBoundingClientRect();
    const margin = 12;
    if (own.left < box.left) container.scrollLeft -= box.left - own.left + margin;
    else if (own.right > box.right) container.scrollLeft += own.right - box.right + margin;
  }, [selected, t]);

  const onKeyDown = (event: KeyboardEvent) => {
    const index = QUOTES_TABS.indexOf(selected);
    const step = {
      ArrowRight: 1,
      ArrowLeft: -1,
      Home: -index,
      End: QUOTES_TABS.length - 1 - index,
    }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = QUOTES_TABS[(index + step + QUOTES_TABS.length) % QUOTES_TABS.length];
    if (next === undefined) return;
    choose(next);
    list.current?.querySelector<HTMLElement>(`#${tabIdOf(next)}`)?.focus();
  };

  return (
    <div
      ref={list}
      className={styles.tabs}
      role="tablist"
      aria-label={t('market.categoriesLabel')}
      onKeyDown={onKeyDown}
    >
      {QUOTES_TABS.map((tab) => {
        const active = tab === selected;
        return (
          <button
            key={tab}
            id={tabIdOf(tab)}
            type="button"
            role="tab"
            aria-selected={active}
            aria-controls={PANEL_ID}
            tabIndex={active ? 0 : -1}
            className={`${styles.tab} ${active ? styles.tabActive : ''}`}
            onClick={() => {
              choose(tab);
            }}
          >
            {t(LABEL_KEYS[tab])}
          </button>
        );
      })}
    </div>
  );
}
