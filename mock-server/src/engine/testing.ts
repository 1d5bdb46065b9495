/**
 * The engine world the domains' tests share: the one state, a wall clock the test moves, the
 * engine's time over it (a Clockwork: due work runs when the test settles it), cheap password
 * hashing, and the domains every other one stands on (the user directory, the ledger, request
 * ids, e-mail codes and limits). No exchange, no HTTP: each test builds the domain it tests on
 * top, with `world.store` and `world.time`.
 */
import { SimClock } from './clock.ts';
import { Exchange } from './exchange.ts';
import { Clockwork, type PriceSource } from './kernel/clockwork.ts';
import { Ledger } from './ledger/ledger.ts';
import { Requests } from './ledger/requests.ts';
import type { PasswordHasher } from './passwords.ts';
import { SeededRandom } from './random.ts';
import { RateLimiter } from './rate-limit.ts';
import { emptyCoreState, type CoreState, type StateStore } from './state.ts';
import { PasswordGuard } from './users/password-guard.ts';
import { EmailCodes } from './users/email-codes.ts';
import { Users, type NewUser } from './users/users.ts';

export const START = Date.UTC(2026, 10, 23, 9, 30);
export const PASSWORD = 'Secret123';

/** Passwords kept as they are: scrypt would dominate tests that are not about passwords. */
export const plainHasher: PasswordHasher = {
  hash: (password) => Promise.resolve(password),
  verify: (password, stored) => Promise.resolve(password === stored),
};

/** Random bytes from a seed: the game's seeds are the same on every run of a test. */
export const seededBytes = (seed: number) => {
  const random = new SeededRandom(seed);
  return (size: number): Uint8Array => Uint8Array.from({ length: size }, () => random.int(256));
};

/** A market with no prices: the world's time runs due work only, no watched price moves. */
export const NO_PRICES: PriceSource = {
  firstCrossing: () => null,
  lastPrice: () => 0,
  revision: () => 0,
};

export interface WorldOptions {
  /** the state to start from (a restart: pass a copy of another world's state); empty if none */
  state?: CoreState;
  /** the wall clock's time at the start (default START) */
  at?: number;
  hasher?: PasswordHasher;
}

export type EngineWorld = ReturnType<typeof engineWorld>;

export function engineWorld(options: WorldOptions = {}) {
  let state: CoreState = options.state ?? emptyCoreState(7, 'test');
  let wall = options.at ?? START;
  let changes = 0;
  /** the simulated clock runs on the test's wall clock, which moves only when the test says */
  const clock = new SimClock(() => wall);
  const time = new Clockwork(clock, NO_PRICES);
  const store: StateStore = {
    state: () => state,
    // while due work runs, the moment it is due; the clock's now otherwise
    now: () => time.now(),
    changed: () => {
      changes += 1;
    },
  };
  const hasher = options.hasher ?? plainHasher;
  const limiter = new RateLimiter(store.now);
  const ledger = new Ledger(store);
  const requests = new Requests(store);
  const users = new Users({
    ...store,
    random: new SeededRandom(7),
    hasher,
    demoBalance: '10000',
    ledger,
  });
  const codes = new EmailCodes(store, users, limiter);
  const passwords = new PasswordGuard(limiter, hasher);
  return {
    store,
    /** the simulated clock (what the control API freezes and moves) */
    clock,
    /** the engine's time: `time.catchUp()` runs what is due up to now */
    time,
    hasher,
    limiter,
    /** every password check of an account, on one failure counter */
    passwords,
    ledger,
    requests,
    users,
    codes,
    get state() {
      return state;
    },
    /** times the domains said the state changed (what the owner persists on) */
    get changes() {
      return changes;
    },
    now: () => time.now(),
    /** Moves the wall clock on, and so the simulated one; runs nothing (see `settle`). */
    advance: (ms: number) => {
      wall += ms;
    },
    /** Runs, in time order, everything due up to now. */
    settle: () => {
      time.catchUp();
    },
    /** Moves the clock on by `ms` and runs what fell due meanwhile. */
    pass: (ms: number) => {
      wall += ms;
      time.catchUp();
    },
    /** the state as a snapshot would restore it: a copy, not the same objects */
    reload: () => {
      state = structuredClone(state);
    },
    /** another state in place of this one, as a scenario load or an import puts it */
    load: (next: CoreState) => {
      state = next;
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

/** The error an async call rejects with (the test fails if it resolves). */
export async function rejectionOf(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
}

/**
 * A whole exchange for a domain that trades on the market (contracts, options, the game): the
 * scenario's users, a wall clock the test moves (`advance`), cheap hashing. Still no HTTP.
 */
export async function exchangeWorld(options: {
  users: readonly NewUser[];
  at?: number;
  seed?: number;
}) {
  let wall = options.at ?? START;
  const exchange = new Exchange({
    seed: options.seed ?? 7,
    hasher: plainHasher,
    wall: () => wall,
    randomBytes: seededBytes(options.seed ?? 7),
  });
  await exchange.loadScenario({ name: 'test', users: options.users });
  return {
    exchange,
    /** the users' ids, in the order given */
    ids: Object.keys(exchange.live().users),
    /** moves the wall clock (the simulated clock with it); the next call settles what fell due */
    advance: (ms: number) => {
      wall += ms;
    },
  };
}
