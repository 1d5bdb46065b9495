import { DEMO_BALANCE } from '@bourse/fixtures';
import { randomBytes } from 'node:crypto';
import { SimClock } from './clock.ts';
import { Content } from './content.ts';
import {
  DOMAIN_NAMES,
  DOMAINS,
  emptyState,
  type DomainApis,
  type DomainName,
  type DomainSlices,
  type MockState,
} from './domains.ts';
import { Funds } from './funds/funds.ts';
import { Ipo, scheduleIpos } from './ipo.ts';
import { Clockwork, served } from './kernel/clockwork.ts';
import type { DomainParts, DomainServices } from './kernel/domain.ts';
import { ACCOUNT_KINDS } from './ledger/accounts.ts';
import { Ledger } from './ledger/ledger.ts';
import { PasswordGuard } from './users/password-guard.ts';
import { Requests } from './ledger/requests.ts';
import { emptyMarketState, Market } from './market/index.ts';
import { createPasswordHasher, type PasswordHasher } from './passwords.ts';
import { SeededRandom } from './random.ts';
import { RateLimiter } from './rate-limit.ts';
import type { MailRecord, StateStore } from './state.ts';
import {
  Auth,
  EmailCodes,
  IdentityReview,
  PayoutTargets,
  Profile,
  Users,
  type NewUser,
} from './users/index.ts';

export interface ExchangeOptions {
  seed: number;
  /** the wall clock the simulated clock runs on */
  wall?: () => number;
  hasher?: PasswordHasher;
  demoBalance?: string;
  /** called after every change of state, so the owner can persist it */
  onChange?: () => void;
  /** how long obtaining an exclusive deposit account takes, simulated ms (default 3 s) */
  depositAccountDelayMs?: number;
  /** approve deposits and withdrawals this long after they are made; null (default): by hand */
  autoReviewMs?: number | null;
  /** called with each e-mail the mock sends (`npm start` prints the codes on its console) */
  onMail?: (mail: MailRecord) => void;
  /** the source of the game's seeds: the operating system's by default; tests pass a seeded one */
  randomBytes?: (size: number) => Uint8Array;
}

export interface ScenarioSpec {
  name: string;
  users: readonly NewUser[];
}

/**
 * The simulated exchange: pure TypeScript, no HTTP, deterministic from a seed and a clock.
 * Domains hang off it; each reads and writes the one serialisable state.
 */
export class Exchange {
  /** the simulated clock (moving it settles what falls due on the way) */
  readonly clock: SimClock;
  /** the engine's time: the due-work queue and the watched prices, settled in time order */
  readonly time: Clockwork;
  readonly users: Users;
  readonly codes: EmailCodes;
  readonly auth: Auth;
  readonly profile: Profile;
  readonly identity: IdentityReview;
  readonly payouts: PayoutTargets;
  readonly content: Content;
  readonly ipo: Ipo;
  readonly market: Market;
  /** every money movement (engine/ledger) */
  readonly ledger: Ledger;
  /** money calls' request ids: a repeat replays the first answer */
  readonly requests: Requests;
  /** deposits, withdrawals, transfers, the demo top-up and team rewards */
  readonly funds: Funds;
  /** the registered domains (engine/domains.ts), each served settled up to now */
  readonly domains: DomainApis;
  /** the registered domains' parts: their pushes, due work and watches */
  private readonly parts: { [K in DomainName]: DomainParts<DomainApis[K], unknown> };
  private state: MockState;
  private readonly random: SeededRandom;
  /** sign-in and e-mail code limits, in memory (a restart or a reload forgets them) */
  private readonly limiter: RateLimiter;

  constructor(private readonly options: ExchangeOptions) {
    this.state = emptyState(options.seed, 'empty');
    const clock = new SimClock(options.wall);
    this.random = new SeededRandom(options.seed);
    this.limiter = new RateLimiter(() => clock.now());
    const store: StateStore = {
      state: () => this.state,
      now: () => this.time.now(),
      changed: () => {
        this.changed();
      },
    };
    const market = new Market(
      options.seed,
      () => this.state.market,
      () => {
        this.changed();
      },
    );
    this.time = new Clockwork(clock, market);
    this.clock = served(clock, this.time);
    this.market = served(market, this.time);
    const ledger = new Ledger(store);
    const requests = new Requests(store);
    const hasher = options.hasher ?? createPasswordHasher();
    const users = new Users({
      ...store,
      random: this.random,
      hasher,
      demoBalance: options.demoBalance ?? DEMO_BALANCE,
      ledger,
    });
    const codes = new EmailCodes(store, users, this.limiter);
    const passwords = new PasswordGuard(this.limiter, hasher);
    const payouts = new PayoutTargets(store, users);
    const funds = new Funds(store, this.time, users, payouts, ledger, requests, passwords, {
      depositAccountDelayMs: options.depositAccountDelayMs ?? 3000,
      autoReviewMs: options.autoReviewMs ?? null,
      // the contract account's equity counts its open positions' PnL at the mark
      unrealizedPnl: (userId, mode) => this.parts.contracts.api.unrealizedPnl(userId, mode),
    });
    const services: DomainServices = {
      store,
      clock: this.time,
      users,
      ledger,
      requests,
      market,
      randomBytes: options.randomBytes ?? ((size) => new Uint8Array(randomBytes(size))),
      rewardFee: (payerId, fee, refId) => {
        funds.rewardFee(payerId, fee, refId);
      },
    };
    this.parts = buildDomains(services, () => this.state);
    for (const name of DOMAIN_NAMES) {
      const watcher = this.parts[name].watcher;
      if (watcher) this.time.watch(watcher);
    }
    this.raw = { clock, ledger, users, funds, market };
    // what the outside calls: each call settled up to now first (kernel/clockwork.ts)
    const serve = <T extends object>(domain: T): T => served(domain, this.time);
    this.ledger = serve(ledger);
    this.requests = serve(requests);
    this.users = serve(users);
    this.codes = serve(codes);
    this.auth = serve(
      new Auth(store, users, codes, hasher, this.limiter, passwords, (userId) =>
        this.stillHeld(userId),
      ),
    );
    this.profile = serve(new Profile(store, users));
    this.identity = serve(new IdentityReview(store, users));
    this.payouts = serve(payouts);
    this.content = serve(new Content(store.now));
    this.ipo = serve(new Ipo(store));
    this.funds = serve(funds);
    this.domains = serveDomains(this.parts, serve);
    this.reschedule();
  }

  /** The core services themselves (not served): what the engine's own bookkeeping calls. */
  private readonly raw: {
    clock: SimClock;
    ledger: Ledger;
    users: Users;
    funds: Funds;
    market: Market;
  };

  /** Calls `listener` with each registered domain's pushes, by domain; returns stop. */
  onDomainEvent(listener: (domain: DomainName, event: unknown) => void): () => void {
    const stops = DOMAIN_NAMES.map((name) =>
      this.parts[name].onEvent((event) => {
        listener(name, event);
      }),
    );
    return () => {
      for (const stop of stops) stop();
    };
  }

  /**
   * After the state was replaced (a scenario, a restore): the engine's time starts from now, and
   * the domains put their due work and price watches back from the new state; work already
   * overdue runs on the next move, once.
   */
  private reschedule(): void {
    this.time.reset();
    for (const name of DOMAIN_NAMES) this.parts[name].reschedule();
    this.raw.funds.reschedule(this.time);
  }

  /** Why a user's account cannot be closed now, if so: something still open, or real money. */
  private stillHeld(userId: string): 'account_has_open' | 'account_has_money' | null {
    if (this.raw.funds.holdsOpen(userId)) return 'account_has_open';
    if (DOMAIN_NAMES.some((name) => this.parts[name].holdsOpen(userId))) return 'account_has_open';
    const money = ACCOUNT_KINDS.some((kind) => {
      const held = this.raw.ledger.account(userId, 'real', kind);
      return !held.available.isZero() || !held.frozen.isZero();
    });
    return money ? 'account_has_money' : null;
  }

  /** Starts the engine's own timer: due work and watched prices settle as the clock runs. */
  start(): void {
    this.time.start();
  }

  stop(): void {
    this.time.stop();
  }

  now(): number {
    return this.clock.now();
  }

  /** Starts over from a scenario: state, clock and the seeded generator. */
  async loadScenario(scenario: ScenarioSpec): Promise<void> {
    // The passwords are hashed first, and the load itself runs in one step: the engine's timer
    // or a request never meets the new state under the old one's indexes and schedule.
    const hashed = await Promise.all(
      scenario.users.map(async (user) => ({
        user,
        hash: await this.raw.users.hashPassword(user.password),
      })),
    );
    this.state = emptyState(this.options.seed, scenario.name);
    this.raw.clock.restore(this.state.clock);
    this.state.ipo_timelines = scheduleIpos(this.raw.clock.now());
    this.random.reseed(this.options.seed);
    this.limiter.reset();
    this.raw.market.reload();
    for (const { user, hash } of hashed) this.raw.users.add(user, hash);
    this.reschedule();
    this.mailAnnounced = this.state.mailbox.length;
    this.changed();
  }

  /** The live state (not a copy), its clock brought up to date: what persistence writes. */
  live(): MockState {
    this.state.clock = this.raw.clock.snapshot();
    return this.state;
  }

  snapshot(): MockState {
    this.state.clock = this.raw.clock.snapshot();
    return structuredClone(this.state);
  }

  restore(state: MockState): void {
    // a state file written before IPO timelines were kept has none: they are fixed on first use
    this.state = { ...structuredClone(state), ipo_timelines: { ...state.ipo_timelines } };
    // nor price overrides, before the market kept them
    this.state.market = structuredClone((state as Partial<MockState>).market ?? emptyMarketState());
    // nor a ledger, before issue 11: such a state starts with an empty one
    const older = state as Partial<MockState>;
    this.state.ledger = structuredClone(older.ledger ?? { next_tx_id: 1, transactions: [] });
    this.state.requests = structuredClone(older.requests ?? {});
    this.state.deposit_accounts = structuredClone(older.deposit_accounts ?? {});
    this.state.deposits = structuredClone(older.deposits ?? []);
    this.state.withdrawals = structuredClone(older.withdrawals ?? []);
    this.state.uploads = structuredClone(older.uploads ?? {});
    this.state.next_funds_id = older.next_funds_id ?? 1;
    // nor a domain's slice, before the domain existed: it starts empty
    const slices = state as Partial<DomainSlices>;
    for (const name of DOMAIN_NAMES) {
      (this.state as Record<DomainName, unknown>)[name] = structuredClone(
        slices[name] ?? DOMAINS[name].initial(),
      );
    }
    this.raw.ledger.invalidate();
    this.raw.ledger.check();
    this.raw.clock.restore(state.clock);
    this.limiter.reset();
    this.raw.market.reload();
    this.reschedule();
    this.mailAnnounced = this.state.mailbox.length;
  }

  /** Marks the state changed (for persistence) after a change the domains did not make. */
  changed(): void {
    this.announceMail();
    this.options.onChange?.();
  }

  /** how much of the mailbox has been announced to `onMail` */
  private mailAnnounced = 0;

  /** Tells `onMail` of the mails written since the last change (none on a load or a restore). */
  private announceMail(): void {
    const { mailbox } = this.state;
    if (mailbox.length < this.mailAnnounced) this.mailAnnounced = 0;
    const onMail = this.options.onMail;
    if (onMail !== undefined) for (const mail of mailbox.slice(this.mailAnnounced)) onMail(mail);
    this.mailAnnounced = mailbox.length;
  }
}

/** Builds every registered domain on the shared services, each over its slice of the state. */
function buildDomains(
  services: DomainServices,
  state: () => MockState,
): { [K in DomainName]: DomainParts<DomainApis[K], unknown> } {
  const parts: Partial<Record<DomainName, DomainParts<object, unknown>>> = {};
  for (const name of DOMAIN_NAMES) {
    const domain = DOMAINS[name] as unknown as {
      create: (services: DomainServices, slice: () => unknown) => DomainParts<object, unknown>;
    };
    parts[name] = domain.create(services, () => state()[name]);
  }
  return parts as { [K in DomainName]: DomainParts<DomainApis[K], unknown> };
}

/** Each domain's api as the outside calls it: settled up to now before each call. */
function serveDomains(
  parts: { [K in DomainName]: DomainParts<DomainApis[K], unknown> },
  serve: <T extends object>(api: T) => T,
): DomainApis {
  const apis: Partial<Record<DomainName, object>> = {};
  for (const name of DOMAIN_NAMES) apis[name] = serve(parts[name].api);
  return apis as DomainApis;
}
