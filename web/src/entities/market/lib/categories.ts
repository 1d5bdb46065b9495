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
