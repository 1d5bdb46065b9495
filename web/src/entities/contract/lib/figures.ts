import type { D } from '@bourse/formulas';
import {
  initialMargin,
  liquidationPrice,
  maintenanceMargin,
  marginRatio,
  profitRate,
  unrealizedPnl,
  type PositionTerms,
} from '@bourse/formulas';
import type { Position } from '@bourse/protocol';

/** A position's figures at a mark price, as the positions list shows them (plain decimal strings). */
export interface LiveFigures {
  /** the price the figures are at */
  readonly mark: string;
  /** signed, USDT, 2 decimals */
  readonly unrealizedPnl: string;
  /** signed percentage of the initial margin, 2 decimals */
  readonly profitRate: string;
  /** percentage, 2 decimals; liquidation at 100; null once the margin is gone */
  readonly marginRatio: string | null;
  /** exact; the screen rounds it to the symbol's precision */
  readonly liquidationPrice: string;
}

/** The terms the shared formulas take, from the position as the server sent it. */
export const termsOf = (position: Position, maintenanceRate: string): PositionTerms => ({
  direction: position.direction,
  qty: position.quantity,
  entry: position.entry_price,
  margin: position.margin,
  maintenanceRate,
});

const shown = (value: D) => value.toFixed(2);

/**
 * A position's PnL, profit rate, margin ratio and liquidation price at the live mark, with the
 * shared formulas (`@bourse/formulas`, as `positionFigures` composes them), so the list moves with
 * every tick and agrees with what the engine books. Only what a list shows is computed: this runs
 * for every position on every tick, and `positionFigures`' most-reducible margin (for the margin
 * dialog) doubled the decimal work. Without a live mark the server's mark is used; without the
 * symbol's maintenance rate (its contract info not loaded yet) the margin ratio and liquidation
 * price are the server's.
 */
export function liveFiguresOf(
  position: Position,
  liveMark: string | null,
  maintenanceRate: string | null,
): LiveFigures {
  const mark = liveMark ?? position.mark_price;
  const pnl = unrealizedPnl(position.direction, position.quantity, position.entry_price, mark);
  const initial = initialMargin(position.quantity, position.entry_price, position.leverage);
  const common = { mark, unrealizedPnl: shown(pnl), profitRate: shown(profitRate(pnl, initial)) };
  if (maintenanceRate === null) {
    return {
      ...common,
      marginRatio: position.margin_ratio,
      liquidationPrice: position.liquidation_price,
    };
  }
  const ratio = marginRatio(
    maintenanceMargin(position.quantity, mark, maintenanceRate),
    position.margin,
    pnl,
  );
  return {
    ...common,
    marginRatio: ratio.isFinite() ? shown(ratio) : null,
    liquidationPrice: liquidationPrice(termsOf(position, maintenanceRate)).toFixed(),
  };
}
