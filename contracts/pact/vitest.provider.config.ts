import { defineConfig } from 'vitest/config';

// Provider verifications replay the pact the consumer run wrote; each file starts its own mock and
// the verifier's proxy on ports the OS picks, so files run side by side, one per core (the
// account check alone takes most of a minute).
export default defineConfig({
  root: import.meta.dirname,
  test: {
    include: ['src/provider/**/*.test.ts'],
    environment: 'node',
    // the Pact core's anonymous usage ping: off in tests
    env: { PACT_DO_NOT_TRACK: 'true' },
    maxWorkers: '100%',
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
