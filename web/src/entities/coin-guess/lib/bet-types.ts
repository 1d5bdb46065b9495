import { betWins, isDigitBetId, SUM_WAYS } from '@bourse/formulas/digits';
import type { BetKind, BetType, DrawResult } from '@bourse/protocol';

/** The board's sections, in the order it shows them. */
export const BOARD_SECTIONS: readonly BetKind[] = ['size', 'parity', 'combo', 'extreme', 'sum'];

/** The bet types of each section, in the server's order. */
export function boardOf(types: readonly BetType[]): ReadonlyArray<readonly [BetKind, BetType[]]> {
  return BOARD_SECTIONS.map((kind) => [kind, types.filter((type) => type.kind === kind)] as const)
    .filter(([, list]) => list.length > 0)
    .map(([kind, list]) => [kind, [...list]] as const);
}

/** The translation of a bet type's name: `game.bet.big`, or `game.bet.sum` with the number. */
export const betName = (
  id: string,
  sum: number | null,
): { key: string; values: Record<string, number> } =>
  sum !== null || id.startsWith('sum_')
    ? { key: 'game.bet.sum', values: { sum: sum ?? Number(id.slice(4)) } }
    : { key: `game.bet.${id}`, values: {} };

/** Whether a bet of this type wins on `number` (false for an id the formulas do not know). */
export const wins = (id: string, number: number): boolean =>
  isDigitBetId(id) && betWins(id, number);

/** The four words a draw is read by: big or small, odd or even. */
export const drawTraits = (number: number): { size: 'big' | 'small'; parity: 'odd' | 'even' } => ({
  size: number >= 14 ? 'big' : 'small',
  parity: number % 2 === 1 ? 'odd' : 'even',
});

/** One sum's bar: how often it came up in the draws, and how often it would be expected to. */
export interface SumBar {
  readonly sum: number;
  readonly count: number;
  /** the expected count over as many draws: draws × ways ÷ 1 000 */
  readonly expected: number;
}

/** The distribution of the sums of `draws` against the expected one (SUM_WAYS). */
export function sumDistribution(draws: readonly DrawResult[]): readonly SumBar[] {
  const counts = SUM_WAYS.map(() => 0);
  for (const draw of draws) counts[draw.number] = (counts[draw.number] ?? 0) + 1;
  return SUM_WAYS.map((ways, sum) => ({
    sum,
    count: counts[sum] ?? 0,
    expected: (draws.length * ways) / 1000,
  }));
}
