import type { Position, ResponseOf, endpoints } from '@bourse/protocol';
import { combine, createEvent, createStore, sample } from 'effector';
import { $contractInfo, contractInfoWanted } from './contract-info.ts';

export type ContractInfo = ResponseOf<typeof endpoints.contract.getContractInfo>;

/**
 * What every position sheet shares: the position it acts on (null while closed), kept current
 * by the card's live position while open, and its symbol's contract terms (fees, maintenance
 * rate, stop-loss distance, quantity step, the contract account's available), asked on opening.
 */
export function createPositionSheet() {
  const opened = createEvent<Position>();
  /** Cancel, the mask, Escape, or a done action */
  const dismissed = createEvent();
  /** The card's position changed (a price tick, a push) while the sheet may be open. */
  const positionUpdated = createEvent<Position>();

  const $position = createStore<Position | null>(null)
    .on(opened, (_, position) => position)
    .on(positionUpdated, (shown, position) => (shown?.id === position.id ? position : shown))
    .reset(dismissed);

  sample({ clock: opened, fn: (position) => position.symbol_id, target: contractInfoWanted });

  const $info = combine(
    $position,
    $contractInfo,
    (position, all): ContractInfo | null =>
      (position === null ? undefined : all[position.symbol_id]) ?? null,
  );

  return { opened, dismissed, positionUpdated, $position, $info };
}
