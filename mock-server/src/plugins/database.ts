import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import Decimal from 'decimal.js';
import type { MockState } from '../engine/domains.ts';
import type { LedgerTransaction, RequestRecord, UploadRecord } from '../engine/state.ts';

/** What a restart finds on disk: the state, and the balances as they were when last written. */
export interface StoredState {
  state: MockState;
  balances: Map<string, Decimal>;
}

/** The live state's parts persistence writes (not copies: the adapter only reads them). */
export interface DurableView {
  state: MockState;
  balances: ReadonlyMap<string, Decimal>;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS ledger_tx (id INTEGER PRIMARY KEY, body TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS balances (account TEXT PRIMARY KEY, amount TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS requests (key TEXT PRIMARY KEY, body TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS uploads (id TEXT PRIMARY KEY, meta TEXT NOT NULL, data BLOB NOT NULL);
`;

/**
 * The mock's state in SQLite (DATA_DIR/mock.sqlite, through node:sqlite), written synchronously:
 * the ledger's entries one row each, appended; the balances they make (checked against the entries
 * on every start); the money calls' request records; uploaded images (deposit proofs), a blob
 * each, written once; and the rest of the state as one JSON value.
 * Each `save` is one SQLite transaction, in WAL mode with synchronous=FULL, so when it returns the
 * changes are on disk: the app saves before it answers a call that changed anything.
 */
export class StateDatabase {
  private readonly db: DatabaseSync;
  private readonly statements: {
    putMeta: StatementSync;
    putTx: StatementSync;
    putBalance: StatementSync;
    putRequest: StatementSync;
    putUpload: StatementSync;
  };
  /** what was written last, to write only what is new: the arrays' identity and lengths */
  private written: { transactions: LedgerTransaction[] | null; txCount: number } = {
    transactions: null,
    txCount: 0,
  };
  private writtenRequests: { of: Record<string, RequestRecord> | null; count: number } = {
    of: null,
    count: 0,
  };
  /** uploads are only ever added, like request records: the new ones are written */
  private writtenUploads: { of: Record<string, UploadRecord> | null; count: number } = {
    of: null,
    count: 0,
  };

  /** `durable: false` (tests only) leaves the flushing to the operating system */
  constructor(dir: string, { durable = true }: { durable?: boolean } = {}) {
    mkdirSync(dir, { recursive: true });
    this.db = new DatabaseSync(join(dir, 'mock.sqlite'));
    this.db.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = ${durable ? 'FULL' : 'OFF'};`);
    this.db.exec(SCHEMA);
    this.statements = {
      putMeta: this.db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)'),
      putTx: this.db.prepare('INSERT INTO ledger_tx (id, body) VALUES (?, ?)'),
      putBalance: this.db.prepare(
        'INSERT OR REPLACE INTO balances (account, amount) VALUES (?, ?)',
      ),
      putRequest: this.db.prepare('INSERT OR REPLACE INTO requests (key, body) VALUES (?, ?)'),
      putUpload: this.db.prepare(
        'INSERT OR REPLACE INTO uploads (id, meta, data) VALUES (?, ?, ?)',
      ),
    };
  }

  /** The stored state, or null when nothing was ever saved. */
  load(): StoredState | null {
    const row = this.db.prepare("SELECT value FROM meta WHERE key = 'state'").get();
    if (!row) return null;
    const parsed = JSON.parse(String(row['value'])) as { version?: unknown };
    if (parsed.version !== 1) throw new Error('mock.sqlite: unknown state version');
    const state = parsed as MockState;
    state.ledger.transactions = this.db
      .prepare('SELECT body FROM ledger_tx ORDER BY id')
      .all()
      .map((tx) => JSON.parse(String(tx['body'])) as LedgerTransaction);
    state.requests = {};
    for (const request of this.db.prepare('SELECT key, body FROM requests ORDER BY rowid').all()) {
      state.requests[String(request['key'])] = JSON.parse(String(request['body'])) as RequestRecord;
    }
    state.uploads = {};
    for (const upload of this.db.prepare('SELECT meta, data FROM uploads ORDER BY rowid').all()) {
      const meta = JSON.parse(String(upload['meta'])) as Omit<UploadRecord, 'data'>;
      const data = Buffer.from(upload['data'] as Uint8Array).toString('base64');
      state.uploads[meta.id] = { ...meta, data };
    }
    const balances = new Map<string, Decimal>();
    for (const balance of this.db.prepare('SELECT account, amount FROM balances').all()) {
      balances.set(String(balance['account']), new Decimal(String(balance['amount'])));
    }
    this.written = {
      transactions: null,
      txCount: state.ledger.transactions.length,
    };
    this.writtenRequests = { of: null, count: Object.keys(state.requests).length };
    this.writtenUploads = { of: null, count: Object.keys(state.uploads).length };
    return { state, balances };
  }

  /** After a load and a restore: the restored arrays are the ones now written. */
  adopt(state: MockState): void {
    this.written = {
      transactions: state.ledger.transactions,
      txCount: state.ledger.transactions.length,
    };
    this.writtenRequests = { of: state.requests, count: Object.keys(state.requests).length };
    this.writtenUploads = { of: state.uploads, count: Object.keys(state.uploads).length };
  }

  /**
   * Writes what changed since the last save in one transaction: new ledger entries, the balances
   * they touched, new request records and the rest of the state. A state replaced since (a
   * scenario load) is written whole, the old entries deleted.
   */
  save({ state, balances }: DurableView): void {
    const transactions = state.ledger.transactions;
    const whole =
      this.written.transactions !== transactions || this.written.txCount > transactions.length;
    const requestKeys = Object.keys(state.requests);
    const allRequests =
      this.writtenRequests.of !== state.requests || this.writtenRequests.count > requestKeys.length;
    const uploadIds = Object.keys(state.uploads);
    const allUploads =
      this.writtenUploads.of !== state.uploads || this.writtenUploads.count > uploadIds.length;
    const rest = {
      ...state,
      ledger: { ...state.ledger, transactions: [] },
      requests: {},
      uploads: {},
    };
    this.db.exec('BEGIN IMMEDIATE');
    try {
      if (whole) {
        this.db.exec('DELETE FROM ledger_tx; DELETE FROM balances;');
        for (const transaction of transactions) this.putTx(transaction);
        for (const [account, amount] of balances) {
          this.statements.putBalance.run(account, amount.toFixed());
        }
      } else {
        const touched = new Set<string>();
        for (const transaction of transactions.slice(this.written.txCount)) {
          this.putTx(transaction);
          for (const posting of transaction.postings) touched.add(posting.account);
        }
        for (const account of touched) {
          this.statements.putBalance.run(
            account,
            (balances.get(account) ?? new Decimal(0)).toFixed(),
          );
        }
      }
      if (allRequests) this.db.exec('DELETE FROM requests');
      for (const key of requestKeys.slice(allRequests ? 0 : this.writtenRequests.count)) {
        this.statements.putRequest.run(key, JSON.stringify(state.requests[key]));
      }
      if (allUploads) this.db.exec('DELETE FROM uploads');
      for (const id of uploadIds.slice(allUploads ? 0 : this.writtenUploads.count)) {
        const upload = state.uploads[id];
        if (!upload) continue;
        const { data, ...meta } = upload;
        this.statements.putUpload.run(id, JSON.stringify(meta), Buffer.from(data, 'base64'));
      }
      this.statements.putMeta.run('state', JSON.stringify(rest));
      this.db.exec('COMMIT');
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    }
    this.written = { transactions, txCount: transactions.length };
    this.writtenRequests = { of: state.requests, count: requestKeys.length };
    this.writtenUploads = { of: state.uploads, count: uploadIds.length };
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }

  private putTx(transaction: LedgerTransaction): void {
    this.statements.putTx.run(transaction.id, JSON.stringify(transaction));
  }
}
