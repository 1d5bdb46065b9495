import { defineConfig } from 'vitest/config';
import { selectedModules, testsOf } from './modules.mjs';

/**
 * The unit tests `npm run mutation` runs against each mutant: those of the modules it mutates
 * (scripts/mutation/modules.mjs), nothing with a browser, a socket server or Pact.
 */
export default defineConfig({
  test: {
    include: selectedModules().flatMap(testsOf),
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
