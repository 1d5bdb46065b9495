// @ts-check
/**
 * The modules issue 24 names, each with the files StrykerJS mutates and the unit tests it runs
 * against them. One list for the Stryker and Vitest configurations and for the summary.
 * `MUTATION_MODULES=ledger,codec npm run mutation` runs only those (each keeps its own report, so
 * a run of one module leaves the others' scores in the summary).
 */
export const MODULES = [
  { key: 'formulas', name: 'formulas', folder: 'contracts/formulas/src/' },
  { key: 'codec', name: 'protocol codec', folder: 'contracts/protocol/src/codec/' },
  { key: 'ledger', name: 'ledger', folder: 'mock-server/src/engine/ledger/' },
  {
    key: 'contracts',
    name: 'contract engine',
    folder: 'mock-server/src/engine/contracts/',
    // and its wire tests: the refusals a client sees, each by its key and translated text
    tests: ['mock-server/src/routes/contract*.test.ts'],
  },
  { key: 'funds', name: 'funds engine', folder: 'mock-server/src/engine/funds/' },
];

/** The unit tests run against a module's mutants: those beside its files, and any it names. */
/** @param {{ folder: string; tests?: readonly string[] }} module */
export const testsOf = (module) => [`${module.folder}**/*.test.ts`, ...(module.tests ?? [])];

/** The modules this run covers: MUTATION_MODULES (comma-separated keys), else all of them. */
export function selectedModules() {
  const wanted = (process.env['MUTATION_MODULES'] ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);
  if (wanted.length === 0) return MODULES;
  const unknown = wanted.filter((key) => !MODULES.some((module) => module.key === key));
  if (unknown.length > 0) {
    throw new Error(
      `MUTATION_MODULES: unknown ${unknown.join(', ')}; known: ${MODULES.map((m) => m.key).join(', ')}`,
    );
  }
  return MODULES.filter((module) => wanted.includes(module.key));
}

/** The name a run's report files take: the keys of the modules it covers. */
export const runName = (modules = selectedModules()) => modules.map((m) => m.key).join('+');
