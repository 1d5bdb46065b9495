import { defineConfig } from 'vitest/config';

// Consumer suites record interactions into one pact file, merged as each test passes: they run
// one file at a time, after old pacts are removed.
export default defineConfig({
  root: import.meta.dirname,
  test: {
    include: ['src/consumer/**/*.pact.test.ts'],
    globalSetup: ['src/consumer/global-setup.ts'],
    environment: 'node',
    // the Pact core's anonymous usage ping: off in tests
    env: { PACT_DO_NOT_TRACK: 'true' },
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
