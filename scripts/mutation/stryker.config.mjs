// @ts-check
/**
 * `npm run mutation`: StrykerJS mutates the money rules and the wire codec and runs their unit
 * tests against each mutant (issue 24). Not part of `npm test`: it takes minutes. The report per
 * module, with the surviving mutants, is reports/mutation/summary.md (scripts/mutation/summary.mjs);
 * the full HTML report is reports/mutation/index.html.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'scripts/mutation/vitest.mutation.config.ts' },
  mutate: [
    'contracts/formulas/src/**/*.ts',
    'contracts/protocol/src/codec/**/*.ts',
    'mock-server/src/engine/ledger/**/*.ts',
    'mock-server/src/engine/contracts/**/*.ts',
    'mock-server/src/engine/funds/**/*.ts',
    '!**/*.test.ts',
    '!**/testing.ts',
    '!contracts/protocol/src/codec/vectors.ts',
  ],
  coverageAnalysis: 'perTest',
  ignoreStatic: true,
  concurrency: Number(process.env['MUTATION_CONCURRENCY'] ?? 2),
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 80, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
