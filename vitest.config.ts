import { defineConfig } from 'vitest/config';
import { toolTexts } from './web/build/tool-texts.ts';

// One run covers every workspace's unit tests; Pact suites have their own configs because
// consumer suites must finish (and write pacts/) before the provider verifies them.
export default defineConfig({
  // The web's texts, split by group as the build splits them (`virtual:texts`).
  plugins: [toolTexts()],
  // antd-mobile's package names only a CommonJS main for Node; tests use its ES build like Vite.
  resolve: { alias: [{ find: /^antd-mobile$/, replacement: 'antd-mobile/es/index.js' }] },
  test: {
    include: [
      '{contracts/protocol,contracts/formulas,fixtures,mock-server,web,scripts}/src/**/*.test.{ts,tsx}',
      'web/build/*.test.ts',
      'contracts/pact/src/roundtrip.test.ts',
      'contracts/pact/src/coverage/*.test.ts',
      'contracts/pact/src/broker/*.test.ts',
      'scripts/bench/*.test.ts',
      'scripts/qa/**/*.test.ts',
    ],
    environment: 'node',
    // antd-mobile ships CSS imports in its modules: let Vite transform it instead of Node.
    server: { deps: { inline: [/antd-mobile/] } },
    // Vitest leaves a core for itself (one worker on the two-core CI machine); most suites wait
    // on sockets, child processes and file writes, so one worker per core halves the run.
    maxWorkers: '100%',
    testTimeout: 20_000,
    // Suites that build the mock (scenario, scrypt sign-in) in beforeAll need room on a busy machine.
    hookTimeout: 60_000,
  },
});
