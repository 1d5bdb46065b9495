import { PATHS } from '#shared/routing';
import { symbolCategory, type SymbolCategory } from '@bourse/protocol';

export type { SymbolCategory };

/** The four categories of SPEC.md, in the order screens show them: stocks, metals, forex, crypto. */
export const SYMBOL_CATEGORIES: readonly SymbolCategory[] = symbolCategory.options;

/** The translation key of each category's name. */
export const CATEGORY_LABEL_KEYS = {
  stock: 'market.categories.stock',
  metal: 'market.categories.metal',
  forex: 'market.categories.forex',
  crypto: 'market.categories.crypto',
} as const satisfies Record<SymbolCategory, string>;

/** The URL query parameter that keeps the Market screen's tab (a category, or `favourites`). */
export const MARKET_TAB_PARAM = 'tab';

/** The Market screen opened on a tab: how Home's "More" and Market's own tabs link to it. */
export const marketPathOf = (tab: SymbolCategory | 'favourites'): string =>
  `${PATHS.quotes}?${MARKET_TAB_PARAM}=${tab}`;
