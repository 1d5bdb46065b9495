/**
 * The domain registry: every engine domain is served, a state saved before a domain existed
 * restores with that domain's empty slice, and a domain left out of the served list or with a
 * call unanswered does not compile.
 */
import { describe, expect, it } from 'vitest';
import { SERVED } from './domains.ts';
import type { ServedEntry } from './domains/served.ts';
import { DOMAIN_NAMES, DOMAINS, type DomainName } from './engine/domains.ts';
import { Exchange } from './engine/exchange.ts';
import { handlers } from './routes/index.ts';

describe('the domain registry', () => {
  it('serves every engine domain: its handlers answer its wire domain', () => {
    for (const name of DOMAIN_NAMES) {
      const served = SERVED[name];
      expect((handlers as Record<string, unknown>)[served.wire]).toBe(served.handlers);
    }
  });

  it('gives a state saved before a domain existed that domain’s empty slice', async () => {
    // seeded bytes, so the game opens the same period (with the same seed) in both
    const bytes = () => {
      let n = 0;
      return (size: number) => Uint8Array.from({ length: size }, () => (n += 7) % 256);
    };
    const wall = () => Date.UTC(2026, 10, 27, 9);
    const exchange = new Exchange({ seed: 3, wall, randomBytes: bytes() });
    await exchange.loadScenario({ name: 'registry', users: [] });
    const older = Object.fromEntries(
      Object.entries(exchange.snapshot()).filter(
        ([key]) => !(DOMAIN_NAMES as string[]).includes(key),
      ),
    );
    exchange.restore(older as unknown as ReturnType<Exchange['snapshot']>);
    // what a domain does with an empty slice on its own (the game opens its first period)
    const fresh = new Exchange({ seed: 3, wall, randomBytes: bytes() });
    await fresh.loadScenario({ name: 'registry', users: [] });
    // the seeds differ only as the bytes were drawn once more: compare without them
    const unseeded = (slice: unknown) =>
      JSON.parse(
        JSON.stringify(slice).replace(/"(seed|commitment)":"[0-9a-f]{64}"/g, '"$1":""'),
      ) as unknown;
    const state = exchange.live();
    for (const name of DOMAIN_NAMES) {
      expect(unseeded(state[name])).toEqual(unseeded(fresh.live()[name]));
    }
    expect(state.contracts).toEqual(DOMAINS.contracts.initial());
  });

  it('refuses, at compile time, a served list missing a domain or a domain missing a call', () => {
    // @ts-expect-error -- contract trading is an engine domain, so it must be served
    const missing: { [K in DomainName]: ServedEntry<K> } = {};
    // @ts-expect-error -- every /api/Contract/* call needs a handler
    const unanswered: (typeof SERVED)['contracts']['handlers'] = { addOrder: () => null };
    expect([missing, unanswered]).toHaveLength(2);
  });
});
