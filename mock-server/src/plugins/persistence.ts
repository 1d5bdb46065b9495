import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { MockState } from '../engine/domains.ts';

/**
 * A state export as one JSON file, DATA_DIR/state.json: the mock keeps its state in SQLite
 * (database.ts) and imports this file when it starts on a new database. Writes are atomic (a temporary file, flushed to
 * disk, then renamed over the old one), so a crash never leaves half a file; changes made while a
 * write is under way are written right after it.
 */
export class StateFile {
  private readonly file: string;
  private writing: Promise<void> | null = null;
  private pending = false;

  constructor(
    private readonly dir: string,
    private readonly snapshot: () => MockState,
  ) {
    this.file = join(dir, 'state.json');
  }

  async load(): Promise<MockState | null> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    const state = JSON.parse(text) as { version?: unknown };
    if (state.version !== 1) throw new Error(`${this.file}: unknown state version`);
    return state as MockState;
  }

  /** Asks for a write; several asks while one is under way become one more write. */
  schedule(): void {
    if (this.writing) {
      this.pending = true;
      return;
    }
    this.writing = this.writeLoop().finally(() => {
      this.writing = null;
    });
  }

  /** Resolves once everything asked for so far is on disk. */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
  }

  private async writeLoop(): Promise<void> {
    // `pending` is set by schedule() while the write awaits.
    for (let again = true; again; again = this.pending) {
      this.pending = false;
      await this.writeNow();
    }
  }

  private async writeNow(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const temporary = `${this.file}.${process.pid}.tmp`;
    const handle = await open(temporary, 'w');
    try {
      await handle.writeFile(JSON.stringify(this.snapshot()));
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await rename(temporary, this.file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }
}
