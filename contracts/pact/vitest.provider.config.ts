import { defineConfig } from 'vitest/config';

// Provider verifications replay the pact the consumer run wrote; each starts its own mock and
// the verifier's proxy, so they run one file at a time.
export default defineConfig({
  root: import.meta.dirname,
  test: {
    include: ['src/provider/**/*.test.ts'],
    environment: 'node',
    // the Pact core's anonymous usage ping: off in tests
    env: { PACT_DO_NOT_TRACK: 'true' },
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
