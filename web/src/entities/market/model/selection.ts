import { persistLocal } from '#shared/storage';
import { symbolInfo, type SymbolInfo } from '@bourse/protocol';
import { combine, createEvent, createStore, sample } from 'effector';
import { z } from 'zod/mini';
import { $symbols, $symbolsById, symbolsRequested } from './symbols.ts';

/** The selected symbol as SPEC.md §3 keeps it locally: display, icon, name, id. */
export type SelectedSymbol = Pick<SymbolInfo, 'id' | 'display' | 'icon' | 'name'>;

const selectedSymbolSchema = z.pick(symbolInfo, {
  id: true,
  display: true,
  icon: true,
  name: true,
});

const selectionOf = ({ id, display, icon, name }: SymbolInfo): SelectedSymbol => ({
  id,
  display,
  icon,
  name,
});

/** The user picked a symbol (a market row, a home card): it becomes the Symbol tab's chart. */
export const symbolSelected = createEvent<SymbolInfo>();

/** What the user last picked, as stored; null until they pick one. */
const $storedSymbol = createStore<SelectedSymbol | null>(null);
persistLocal($storedSymbol, 'selectedSymbol', z.nullable(selectedSymbolSchema), [symbolsRequested]);

sample({ clock: symbolSelected, fn: selectionOf, target: $storedSymbol });

/**
 * The selected symbol: the one the user picked (refreshed from the list once it is known), or
 * else the first crypto symbol of the list; null while there is neither.
 */
export const $selectedSymbol = combine(
  $storedSymbol,
  $symbols,
  $symbolsById,
  (stored, symbols, byId): SelectedSymbol | null => {
    if (stored !== null) {
      const listed = byId[stored.id];
      // a symbol the list no longer carries falls back to the default below
      if (listed) return selectionOf(listed);
      if (symbols.length === 0) return stored;
    }
    const fallback = symbols.find((symbol) => symbol.category === 'crypto') ?? symbols[0];
    return fallback ? selectionOf(fallback) : null;
  },
);
