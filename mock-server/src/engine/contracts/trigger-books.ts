import { contractTermsOf } from '@bourse/fixtures';
import { D, liquidationPrice } from '@bourse/formulas';
import Decimal from 'decimal.js';
import { BTree } from '../kernel/btree.ts';
import type { PriceWatch } from '../kernel/clockwork.ts';
import type { ContractOrderRow, ContractsState, PositionRow } from './types.ts';

/** an order's subject key, and a position's */
const orderKey = (id: string) => `o${id}`;
const positionKey = (id: string) => `p${id}`;

type Key = readonly [number, string];
const byLevel = (a: Key, b: Key): number => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0);

/** A level a little past `price` on the side that fires early: where to look, never where to act. */
const loose = (price: Decimal.Value, towards: 'up' | 'down'): number =>
  Number(price) * (towards === 'up' ? 1 + 1e-9 : 1 - 1e-9);

interface SymbolBook {
  /** look when the price reaches one of these or more: [level, subject] */
  above: BTree<Key, true>;
  /** look when the price reaches one of these or less */
  below: BTree<Key, true>;
  version: number;
  watch: PriceWatch;
}

interface Levels {
  symbolId: string;
  above: number[];
  below: number[];
}

/**
 * The levels at which a symbol's price sets something off, sorted, so a price reaches only the
 * triggers it crosses: a resting limit order's price; a position's take profit and stop loss,
 * its liquidation (the price shown, or where the margin ratio reaches 100 %, whichever comes
 * first) and its auto-margin level. A level is where to look: the trigger is then checked
 * exactly, at the price of that second, by the formulas. Kept in memory beside the state, from
 * the rows as they change (`trackOrder`, `trackPosition`), and rebuilt from the state on a load.
 */
export class TriggerBooks {
  private readonly books = new Map<string, SymbolBook>();
  private readonly subjects = new Map<string, Levels>();
  private version = 0;

  constructor(private readonly strategies: () => ContractsState['strategies']) {}

  /** Keeps an order's level: a resting limit (opening or closing) only. */
  trackOrder(row: ContractOrderRow): void {
    const open = row.status === 'pending' || row.status === 'partially_filled';
    if (!open || row.price === null) {
      this.set(orderKey(row.id), null);
      return;
    }
    // a buy fills when the ask comes down to its price (the last is then at or below it), a
    // sell when the bid comes up to it
    this.set(orderKey(row.id), {
      symbolId: row.symbol_id,
      above: row.side === 'sell' ? [loose(row.price, 'down')] : [],
      below: row.side === 'buy' ? [loose(row.price, 'up')] : [],
    });
  }

  /** Keeps an open position's levels (a closed one's go). */
  trackPosition(row: PositionRow): void {
    if (row.closed_at !== null) {
      this.set(positionKey(row.id), null);
      return;
    }
    const long = row.direction === 'long';
    /** towards a profit (up for a long) and towards a loss */
    const gain: number[] = [];
    const loss: number[] = [];
    const lossSide = long ? 'up' : 'down';
    const gainSide = long ? 'down' : 'up';
    if (row.take_profit !== '') gain.push(loose(row.take_profit, gainSide));
    if (row.stop_loss !== '') loss.push(loose(row.stop_loss, lossSide));
    const terms = contractTermsOf(row.symbol_id);
    if (terms) {
      const qty = new D(row.quantity);
      const entry = new D(row.entry_price);
      const margin = new D(row.margin);
      const rate = new D(terms.maintenance_margin_rate);
      const shown = liquidationPrice({
        direction: row.direction,
        qty,
        entry,
        margin,
        maintenanceRate: rate,
      });
      // where the margin ratio reaches 100 %: qty·p·m = margin + PnL(p)
      const ratio = long
        ? qty
            .times(entry)
            .minus(margin)
            .dividedBy(qty.times(new D(1).minus(rate)))
        : margin.plus(qty.times(entry)).dividedBy(qty.times(rate.plus(1)));
      loss.push(loose(long ? Decimal.max(shown, ratio) : Decimal.min(shown, ratio), lossSide));
      const rule = this.strategies()[`${row.user_id}:${row.account_mode}`];
      if (rule?.enabled) {
        // the loss reaches deposit_rate % of the margin (and grows past the last top-up)
        const threshold = margin.times(rule.deposit_rate).dividedBy(100);
        const last =
          row.auto_margin_loss === null ? threshold : D.max(threshold, row.auto_margin_loss);
        const move = last.dividedBy(qty);
        loss.push(loose(long ? entry.minus(move) : entry.plus(move), lossSide));
      }
    }
    this.set(positionKey(row.id), {
      symbolId: row.symbol_id,
      above: long ? gain : loss,
      below: long ? loss : gain,
    });
  }

  /** Every symbol with something to look for, and its nearest levels either side. */
  watches(): Iterable<PriceWatch> {
    return [...this.books.values()].map((book) => book.watch);
  }

  /** The subjects whose levels `last` reaches on one symbol: order ids, then position ids. */
  reached(symbolId: string, last: number): { orders: string[]; positions: string[] } {
    const book = this.books.get(symbolId);
    const subjects = new Set<string>();
    if (book) {
      for (const [key] of book.above.entries()) {
        if (key[0] > last) break;
        subjects.add(key[1]);
      }
      for (const [key] of book.below.entriesReversed()) {
        if (key[0] < last) break;
        subjects.add(key[1]);
      }
    }
    const ids = (prefix: string) =>
      [...subjects]
        .filter((key) => key.startsWith(prefix))
        .map((key) => key.slice(1))
        .sort((a, b) => Number(a) - Number(b));
    return { orders: ids('o'), positions: ids('p') };
  }

  clear(): void {
    this.books.clear();
    this.subjects.clear();
  }

  private set(subject: string, levels: Levels | null): void {
    const before = this.subjects.get(subject);
    if (before) {
      const book = this.books.get(before.symbolId);
      if (book) {
        for (const level of before.above) book.above.delete([level, subject]);
        for (const level of before.below) book.below.delete([level, subject]);
        this.refresh(before.symbolId, book);
      }
      this.subjects.delete(subject);
    }
    if (!levels || (levels.above.length === 0 && levels.below.length === 0)) return;
    let book = this.books.get(levels.symbolId);
    if (!book) {
      book = {
        above: new BTree<Key, true>(undefined, byLevel),
        below: new BTree<Key, true>(undefined, byLevel),
        version: 0,
        watch: { symbolId: levels.symbolId, above: null, below: null, version: 0 },
      };
      this.books.set(levels.symbolId, book);
    }
    for (const level of levels.above) book.above.set([level, subject], true);
    for (const level of levels.below) book.below.set([level, subject], true);
    this.subjects.set(subject, levels);
    this.refresh(levels.symbolId, book);
  }

  private refresh(symbolId: string, book: SymbolBook): void {
    if (book.above.size === 0 && book.below.size === 0) {
      this.books.delete(symbolId);
      return;
    }
    book.watch = {
      symbolId,
      above: book.above.minKey()?.[0] ?? null,
      below: book.below.maxKey()?.[0] ?? null,
      version: ++this.version,
    };
  }
}
