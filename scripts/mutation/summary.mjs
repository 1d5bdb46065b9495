// The mutation score per module from StrykerJS's JSON report (reports/mutation/mutation.json),
// with every surviving mutant either listed as one a test should kill or, when it changes
// nothing a caller can observe, as equivalent with the reason (equivalent.json). Writes
// reports/mutation/summary.md and prints it. Exits 1 when a module is under its aim and
// MUTATION_STRICT is set; the default run only reports.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MODULES } from './modules.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '../..');
const REPORTS = join(repo, 'reports/mutation');
const SUMMARY = join(REPORTS, 'summary.md');
const AIM = 80;

/** @type {{ file: string; line: number; mutator: string; reason: string }[]} */
const equivalent = JSON.parse(readFileSync(join(here, 'equivalent.json'), 'utf8'));
const isEquivalent = (file, mutant) =>
  equivalent.find(
    (entry) =>
      entry.file === file &&
      entry.line === mutant.location.start.line &&
      entry.mutator === mutant.mutatorName,
  );

/**
 * Each run writes reports/mutation/<its modules>.json; a module's figures come from the newest
 * report that mutated its files, so running one module leaves the others' last scores in place.
 */
const reports = readdirSync(REPORTS)
  .filter((file) => file.endsWith('.json') && !file.endsWith('.incremental.json'))
  .map((file) => ({ file, at: statSync(join(REPORTS, file)).mtimeMs }))
  .sort((a, b) => b.at - a.at)
  .map(({ file }) => ({ file, report: JSON.parse(readFileSync(join(REPORTS, file), 'utf8')) }));
const filesOf = (folder) => {
  const found = reports.find(({ report }) =>
    Object.keys(report.files).some((file) => file.startsWith(folder)),
  );
  return found
    ? Object.entries(found.report.files).filter(([file]) => file.startsWith(folder))
    : [];
};
const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

const lines = ['# Mutation testing', '', `Aim: ≥ ${String(AIM)} % per module.`, ''];
lines.push('| module | mutants | killed | timeout | survived | no coverage | equivalent | score |');
lines.push('|---|---|---|---|---|---|---|---|');
const survivors = [];
const equivalents = [];
let under = 0;
for (const { name, folder } of MODULES) {
  const counts = { mutants: 0, Killed: 0, Timeout: 0, Survived: 0, NoCoverage: 0, equivalent: 0 };
  for (const [file, { mutants }] of filesOf(folder)) {
    for (const mutant of mutants) {
      if (!DETECTED.has(mutant.status) && !UNDETECTED.has(mutant.status)) continue;
      counts.mutants += 1;
      if (UNDETECTED.has(mutant.status)) {
        const known = isEquivalent(file, mutant);
        if (known) {
          counts.equivalent += 1;
          equivalents.push({ file, mutant, reason: known.reason });
          continue;
        }
        survivors.push({ module: name, file, mutant });
      }
      counts[mutant.status] += 1;
    }
  }
  const valid = counts.mutants - counts.equivalent;
  const score = valid === 0 ? 100 : ((counts.Killed + counts.Timeout) / valid) * 100;
  if (counts.mutants > 0 && score < AIM) under += 1;
  lines.push(
    `| ${name} | ${String(counts.mutants)} | ${String(counts.Killed)} | ${String(counts.Timeout)} | ${String(counts.Survived)} | ${String(counts.NoCoverage)} | ${String(counts.equivalent)} | ${counts.mutants === 0 ? 'not run' : `**${score.toFixed(1)} %**`} |`,
  );
}
const where = (file, mutant) => `${file}:${String(mutant.location.start.line)}`;
lines.push('', `## Surviving mutants (${String(survivors.length)})`, '');
for (const { module, file, mutant } of survivors) {
  lines.push(
    `- ${module}, \`${where(file, mutant)}\` ${mutant.mutatorName}${mutant.status === 'NoCoverage' ? ' (no test covers it)' : ''}: \`${String(mutant.replacement).replace(/\s+/g, ' ').slice(0, 120)}\``,
  );
}
lines.push('', `## Equivalent mutants (${String(equivalents.length)})`, '');
for (const { file, mutant, reason } of equivalents) {
  lines.push(`- \`${where(file, mutant)}\` ${mutant.mutatorName}: ${reason}`);
}
const text = `${lines.join('\n')}\n`;
writeFileSync(SUMMARY, text);
console.log(text);
if (under > 0 && process.env['MUTATION_STRICT']) process.exit(1);
