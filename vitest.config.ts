import { defineConfig } from 'vitest/config';

// One run covers every workspace's unit tests; Pact suites have their own configs because
// consumer suites must finish (and write pacts/) before the provider verifies them.
export default defineConfig({
  test: {
    include: [
      '{contracts/protocol,fixtures,mock-server,web,scripts}/src/**/*.test.{ts,tsx}',
      'contracts/pact/src/roundtrip.test.ts',
    ],
    environment: 'node',
    testTimeout: 20_000,
  },
});
