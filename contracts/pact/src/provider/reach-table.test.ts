/**
 * The docs' table of how each state is reached is the code's (STATE_REACH), and names every
 * state the consumer may ask for.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { STATE_PARAM_KEYS } from '../states.ts';
import { REACH_DOC, reachTable, withTable } from './reach-table.ts';

describe('the table of states reached with test accounts', () => {
  it('has a row for every state', () => {
    const table = reachTable();
    for (const name of Object.keys(STATE_PARAM_KEYS)) expect(table).toContain(`| \`${name}\``);
  });

  it('is in docs/backend-verification.md as the code says (npx tsx …/reach-table.ts)', async () => {
    const doc = await readFile(REACH_DOC, 'utf8');
    expect(withTable(doc, reachTable())).toBe(doc);
  });
});
