/**
 * Runs once before the consumer suites: pacts are merged interaction by interaction as each
 * test passes, so a file left from an earlier run would keep interactions that no test records
 * any more. Start from nothing.
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { PACT_DIR } from '../pact.ts';

export default function removeOldPacts(): void {
  mkdirSync(PACT_DIR, { recursive: true });
  for (const name of readdirSync(PACT_DIR)) {
    if (name.endsWith('.json')) rmSync(join(PACT_DIR, name));
  }
}
