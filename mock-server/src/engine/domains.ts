import { contractsDomain } from './contracts/domain.ts';
import { digitsDomain } from './digits/domain.ts';
import { optionsDomain } from './options/domain.ts';
import type { ApiOf, EventOf, SliceOf } from './kernel/domain.ts';
import { emptyCoreState, type CoreState } from './state.ts';

/**
 * The engine's domains, each declared once (kernel/domain.ts): its slice of the state lives
 * under its name here, and the exchange builds, schedules, watches and serves it from this list.
 * Adding a domain is a line here and its served parts in ../domains.ts (the compiler asks for
 * them); state.ts and exchange.ts do not change.
 */
export const DOMAINS = {
  /** contract trading: orders, positions, TP/SL, margin, auto-margin, liquidation */
  contracts: contractsDomain,
  /** timed up/down options: ordering, trading, settled on the clock from the market's ticks */
  options: optionsDomain,
  /** Coin Guess: periods on the clock, committed seeds, bets paid at the draw */
  digits: digitsDomain,
} as const;

export type DomainName = keyof typeof DOMAINS;
export type DomainSlices = { [K in DomainName]: SliceOf<(typeof DOMAINS)[K]> };
export type DomainApis = { [K in DomainName]: ApiOf<(typeof DOMAINS)[K]> };
export type DomainEvents = { [K in DomainName]: EventOf<(typeof DOMAINS)[K]> };

/** Everything the mock remembers, as plain JSON, so a snapshot is one file. */
export type MockState = CoreState & DomainSlices;

export const DOMAIN_NAMES = Object.keys(DOMAINS) as DomainName[];

/** Each domain's slice as a new scenario starts it. */
export const initialSlices = (): DomainSlices => {
  const slices: Partial<Record<DomainName, unknown>> = {};
  for (const name of DOMAIN_NAMES) slices[name] = DOMAINS[name].initial();
  return slices as DomainSlices;
};

export const emptyState = (seed: number, scenario: string): MockState => ({
  ...emptyCoreState(seed, scenario),
  ...initialSlices(),
});
