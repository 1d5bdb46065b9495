/**
 * The tables of how verify:backend reaches each provider state and each socket push with test
 * accounts (STATE_REACH in account-states.ts, PUSH_REACH in account-pushes.ts), as
 * docs/backend-verification.md shows them between their markers.
 * `npx tsx contracts/pact/src/provider/reach-table.ts` writes them there; a test checks the docs
 * hold what the code says.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { STATE_VALUES, type StateName } from '../states.ts';
import { PUSH_REACH } from './account-pushes.ts';
import { STATE_REACH } from './account-states.ts';

export const REACH_DOC = fileURLToPath(
  new URL('../../../../docs/backend-verification.md', import.meta.url),
);

/** A table of the docs: its markers' name and its text. */
export interface DocTable {
  readonly name: string;
  readonly text: string;
}

const BY = { calls: 'set up by calls', checks: 'checked', hook: '`--states` only' } as const;

/** A Markdown table with its columns padded as Prettier pads them. */
function markdown(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((_, column) =>
    Math.max(3, ...[header, ...rows].map((row) => (row[column] ?? '').length)),
  );
  const line = (row: readonly string[]) =>
    `| ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join(
    '\n',
  );
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** One row per state, in the order states.ts lists them. */
export function stateTable(): DocTable {
  const rows = (Object.keys(STATE_REACH) as StateName[]).map((name) => {
    const reach = STATE_REACH[name];
    const values: readonly string[] =
      (STATE_VALUES as Partial<Record<StateName, readonly string[]>>)[name] ?? [];
    return [
      `\`${name}\``,
      BY[reach.by],
      cell(reach.how),
      values.map((value) => `\`${value}\``).join(', '),
    ];
  });
  return {
    name: 'state-reach',
    text: markdown(['state', 'reached', 'how', 'hands the request'], rows),
  };
}

/** One row per socket push of the pact. */
export function pushTable(): DocTable {
  const rows = Object.entries(PUSH_REACH).map(([description, reach]) => [
    description,
    reach.provoked ? 'provoked' : 'listed as not provoked',
    cell(reach.how),
  ]);
  return { name: 'push-reach', text: markdown(['push', 'checked', 'how'], rows) };
}

export const startOf = (name: string) =>
  `<!-- ${name}:start (reach-table.ts writes this table) -->`;
export const endOf = (name: string) => `<!-- ${name}:end -->`;

/** The docs with the table between its markers replaced by its text. */
export function withTable(doc: string, table: DocTable): string {
  const [start, end] = [startOf(table.name), endOf(table.name)];
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${REACH_DOC} has no ${start} … ${end}`);
  return `${doc.slice(0, from + start.length)}\n\n${table.text}\n\n${doc.slice(to)}`;
}

export const TABLES = [stateTable, pushTable] as const;

const isMain = process.argv[1] !== undefined && import.meta.filename === process.argv[1];
if (isMain) {
  let doc = await readFile(REACH_DOC, 'utf8');
  for (const table of TABLES) doc = withTable(doc, table());
  await writeFile(REACH_DOC, doc, 'utf8');
  console.log(`wrote the state and push tables into ${REACH_DOC}`);
}
