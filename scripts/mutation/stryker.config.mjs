// @ts-check
import { runName, selectedModules } from './modules.mjs';

/**
 * `npm run mutation`: StrykerJS mutates the money rules and the wire codec and runs their unit
 * tests against each mutant (issue 24). Not part of `npm test`: it takes minutes. The report per
 * module, with the surviving mutants, is reports/mutation/summary.md (scripts/mutation/summary.mjs);
 * the full HTML report of a run is reports/mutation/<modules>.html. Not incremental: Stryker's
 * incremental mode kept "survived" for mutants a newly added test kills, so every run tests all.
 */
const modules = selectedModules();
const name = runName(modules);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'scripts/mutation/vitest.mutation.config.ts' },
  mutate: [
    ...modules.map((module) => `${module.folder}**/*.ts`),
    '!**/*.test.ts',
    '!**/testing.ts',
    '!**/*-testing.ts',
    '!contracts/protocol/src/codec/vectors.ts',
  ],
  coverageAnalysis: 'perTest',
  ignoreStatic: true,
  concurrency: Number(process.env['MUTATION_CONCURRENCY'] ?? 2),
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `reports/mutation/${name}.html` },
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  thresholds: { high: 90, low: 80, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
