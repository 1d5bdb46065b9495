import { useTicker } from '#entities/market/@x/contract';
import { useStoreMap } from 'effector-react';
import { useMemo } from 'react';
import { liveFiguresOf, type LiveFigures } from '../lib/figures.ts';
import { $contractInfo, $positions, type Position } from '../model/contract.ts';

/**
 * One position and its figures at the live mark. The row re-renders when this position changes
 * or its symbol's price moves (tickers are applied at most once per frame), not when another
 * row's does: the way a live positions list reads its rows.
 */
export function useLivePosition(
  positionId: string,
): { position: Position; figures: LiveFigures } | null {
  const position = useStoreMap({
    store: $positions,
    keys: [positionId],
    fn: (list, [id]) => list?.find((one) => one.id === id) ?? null,
  });
  const symbolId = position?.symbol_id ?? '';
  const ticker = useTicker(symbolId);
  const maintenanceRate = useStoreMap({
    store: $contractInfo,
    keys: [symbolId],
    fn: (byId, [id]) => byId[id]?.maintenance_margin_rate ?? null,
  });
  const mark = ticker?.last_price ?? null;
  const figures = useMemo(
    () => (position === null ? null : liveFiguresOf(position, mark, maintenanceRate)),
    [position, mark, maintenanceRate],
  );
  return position === null || figures === null ? null : { position, figures };
}
