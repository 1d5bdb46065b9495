/**
 * An engine world for the user domains' tests: the one state, a clock the test moves, cheap
 * password hashing, and the shared directory, codes and limits. No exchange, no HTTP: each test
 * builds the domain it tests on top.
 */
import { Ledger } from '../ledger/ledger.ts';
import { createPasswordHasher } from '../passwords.ts';
import { SeededRandom } from '../random.ts';
import { RateLimiter } from '../rate-limit.ts';
import { emptyState, type MockState, type StateStore } from '../state.ts';
import { EmailCodes } from './email-codes.ts';
import { Users, type NewUser } from './users.ts';

export const START = Date.UTC(2026, 10, 23, 9, 30);
export const PASSWORD = 'Secret123';

export function userWorld() {
  let state: MockState = emptyState(7, 'test');
  let now = START;
  let changes = 0;
  const store: StateStore = {
    state: () => state,
    now: () => now,
    changed: () => {
      changes += 1;
    },
  };
  const hasher = createPasswordHasher(1024);
  const limiter = new RateLimiter(store.now);
  const ledger = new Ledger(store);
  const users = new Users({
    ...store,
    random: new SeededRandom(7),
    hasher,
    demoBalance: '10000',
    ledger,
  });
  const codes = new EmailCodes(store, users, limiter);
  return {
    store,
    hasher,
    limiter,
    users,
    codes,
    ledger,
    get state() {
      return state;
    },
    /** times the domains said the state changed (what the owner persists on) */
    get changes() {
      return changes;
    },
    advance: (ms: number) => {
      now += ms;
    },
    /** the state as a snapshot would restore it: a copy, not the same objects */
    reload: () => {
      state = structuredClone(state);
    },
    /** the last code e-mailed to an address */
    lastCode: (email: string): string => {
      const mail = state.mailbox.filter((entry) => entry.to === email).at(-1);
      if (!mail) throw new Error(`no mail to ${email}`);
      return mail.code;
    },
    newUser: (email: string, extra: Partial<NewUser> = {}) =>
      users.create({ email, password: PASSWORD, ...extra }),
  };
}

/** The error a call throws (the test fails if it throws none). */
export function refusalOf(call: () => unknown): unknown {
  try {
    call();
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
}
