/**
 * The docs' tables of how each state and push is reached are the code's (STATE_REACH,
 * PUSH_REACH), and name every state the consumer may ask for and every push of the pact.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { STATE_PARAM_KEYS } from '../states.ts';
import { PUSH_REACH } from './account-pushes.ts';
import { pushTable, REACH_DOC, stateTable, TABLES, withTable } from './reach-table.ts';
import { readPact } from './verification.ts';

describe('the tables of what test accounts reach', () => {
  it('have a row for every state and every push of the pact', async () => {
    const states = stateTable().text;
    for (const name of Object.keys(STATE_PARAM_KEYS)) expect(states).toContain(`| \`${name}\``);
    const pushes = (await readPact()).interactions.filter((one) => !one.type.includes('HTTP'));
    expect(Object.keys(PUSH_REACH).sort()).toEqual(pushes.map((one) => one.description).sort());
    for (const push of pushes) expect(pushTable().text).toContain(`| ${push.description} `);
  });

  it('are in docs/backend-verification.md as the code says (npx tsx …/reach-table.ts)', async () => {
    const doc = await readFile(REACH_DOC, 'utf8');
    for (const table of TABLES) expect(withTable(doc, table())).toBe(doc);
  });
});
