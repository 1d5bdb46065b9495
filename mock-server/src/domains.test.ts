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
    const exchange = new Exchange({ seed: 3, wall: () => Date.UTC(2026, 10, 27, 9) });
    await exchange.loadScenario({ name: 'registry', users: [] });
    const older = Object.fromEntries(
      Object.entries(exchange.snapshot()).filter(
        ([key]) => !(DOMAIN_NAMES as string[]).includes(key),
      ),
    );
    exchange.restore(older as unknown as ReturnType<Exchange['snapshot']>);
    const state = exchange.live();
    for (const name of DOMAIN_NAMES) expect(state[name]).toEqual(DOMAINS[name].initial());
  });

  it('refuses, at compile time, a served list missing a domain or a domain missing a call', () => {
    // @ts-expect-error -- contract trading is an engine domain, so it must be served
    const missing: { [K in DomainName]: ServedEntry<K> } = {};
    // @ts-expect-error -- every /api/Contract/* call needs a handler
    const unanswered: (typeof SERVED)['contracts']['handlers'] = { addOrder: () => null };
    expect([missing, unanswered]).toHaveLength(2);
  });
});
