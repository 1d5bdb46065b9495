import { defineConfig } from 'vitest/config';

/**
 * The unit tests `npm run mutation` runs against each mutant: those of the modules it mutates
 * (scripts/mutation/stryker.config.mjs), nothing with a browser, a socket server or Pact.
 */
export default defineConfig({
  test: {
    include: [
      'contracts/formulas/src/**/*.test.ts',
      'contracts/protocol/src/codec/**/*.test.ts',
      'mock-server/src/engine/ledger/**/*.test.ts',
      'mock-server/src/engine/contracts/**/*.test.ts',
      'mock-server/src/engine/funds/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
