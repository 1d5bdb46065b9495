/**
 * The table of how verify:backend reaches each provider state with test accounts
 * (account-states.ts STATE_REACH), as docs/backend-verification.md shows it between its two
 * markers. `npx tsx contracts/pact/src/provider/reach-table.ts` writes it there; a test checks
 * the docs hold what the code says.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { STATE_VALUES, type StateName } from '../states.ts';
import { STATE_REACH } from './account-states.ts';

export const REACH_DOC = fileURLToPath(
  new URL('../../../../docs/backend-verification.md', import.meta.url),
);
export const REACH_START = '<!-- state-reach:start (reach-table.ts writes this table) -->';
export const REACH_END = '<!-- state-reach:end -->';

const BY = { calls: 'set up by calls', checks: 'checked', hook: '`--states` only' } as const;

/** One row per state, in the order states.ts lists them; columns padded as Prettier pads. */
export function reachTable(): string {
  const rows = (Object.keys(STATE_REACH) as StateName[]).map((name) => {
    const reach = STATE_REACH[name];
    const values: readonly string[] =
      (STATE_VALUES as Partial<Record<StateName, readonly string[]>>)[name] ?? [];
    return [
      `\`${name}\``,
      BY[reach.by],
      reach.how.replace(/\|/g, '\\|'),
      values.map((value) => `\`${value}\``).join(', '),
    ];
  });
  const header = ['state', 'reached', 'how', 'hands the request'];
  const widths = header.map((_, column) =>
    Math.max(3, ...[header, ...rows].map((row) => (row[column] ?? '').length)),
  );
  const line = (row: readonly string[]) =>
    `| ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join(
    '\n',
  );
}

/** The docs with the table between the markers replaced by `table`. */
export function withTable(doc: string, table: string): string {
  const start = doc.indexOf(REACH_START);
  const end = doc.indexOf(REACH_END);
  if (start < 0 || end < start)
    throw new Error(`${REACH_DOC} has no ${REACH_START} … ${REACH_END}`);
  return `${doc.slice(0, start + REACH_START.length)}\n\n${table}\n\n${doc.slice(end)}`;
}

const isMain = process.argv[1] !== undefined && import.meta.filename === process.argv[1];
if (isMain) {
  const doc = await readFile(REACH_DOC, 'utf8');
  await writeFile(REACH_DOC, withTable(doc, reachTable()), 'utf8');
  console.log(`wrote the state table into ${REACH_DOC}`);
}
