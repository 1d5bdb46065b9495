import { DEMO_BALANCE } from '@bourse/fixtures';
import { SimClock } from './clock.ts';
import { Content } from './content.ts';
import { Contracts } from './contracts/contracts.ts';
import { emptyContractsState } from './contracts/types.ts';
import { Funds } from './funds/funds.ts';
import { Ipo, scheduleIpos } from './ipo.ts';
import { Ledger } from './ledger/ledger.ts';
import { Requests } from './ledger/requests.ts';
import { emptyMarketState, Market } from './market/index.ts';
import { createPasswordHasher, type PasswordHasher } from './passwords.ts';
import { SeededRandom } from './random.ts';
import { RateLimiter } from './rate-limit.ts';
import { emptyState, type MockState, type StateStore } from './state.ts';
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
  readonly clock: SimClock;
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
  /** contract trading: orders, positions, TP/SL, margin, auto-margin, liquidation */
  readonly contracts: Contracts;
  private state: MockState;
  private readonly random: SeededRandom;
  /** sign-in and e-mail code limits, in memory (a restart or a reload forgets them) */
  private readonly limiter: RateLimiter;

  constructor(private readonly options: ExchangeOptions) {
    this.state = emptyState(options.seed, 'empty');
    this.clock = new SimClock(options.wall);
    this.random = new SeededRandom(options.seed);
    this.limiter = new RateLimiter(() => this.clock.now());
    const store: StateStore = {
      state: () => this.state,
      now: () => this.clock.now(),
      changed: () => {
        this.changed();
      },
    };
    this.content = new Content(store.now);
    this.ipo = new Ipo(store);
    this.market = new Market(
      options.seed,
      () => this.state.market,
      () => {
        this.changed();
      },
    );
    this.ledger = new Ledger(store);
    this.requests = new Requests(store);
    const hasher = options.hasher ?? createPasswordHasher();
    this.users = new Users({
      ...store,
      random: this.random,
      hasher,
      demoBalance: options.demoBalance ?? DEMO_BALANCE,
      ledger: this.ledger,
    });
    this.codes = new EmailCodes(store, this.users, this.limiter);
    this.auth = new Auth(store, this.users, this.codes, hasher, this.limiter);
    this.profile = new Profile(store, this.users);
    this.identity = new IdentityReview(store, this.users);
    this.payouts = new PayoutTargets(store, this.users);
    this.funds = new Funds(store, this.users, this.payouts, this.ledger, this.requests, hasher, {
      depositAccountDelayMs: options.depositAccountDelayMs ?? 3000,
      autoReviewMs: options.autoReviewMs ?? null,
      unrealizedPnl: (userId, mode) => this.contracts.unrealizedPnl(userId, mode),
    });
    this.contracts = new Contracts(
      store,
      this.users,
      this.market,
      this.ledger,
      this.requests,
      (payerId, fee, refId) => {
        this.funds.rewardFee(payerId, fee, refId);
      },
    );
  }

  now(): number {
    return this.clock.now();
  }

  /** Starts over from a scenario: state, clock and the seeded generator. */
  async loadScenario(scenario: ScenarioSpec): Promise<void> {
    this.state = emptyState(this.options.seed, scenario.name);
    this.clock.restore(this.state.clock);
    this.state.ipo_timelines = scheduleIpos(this.clock.now());
    this.random.reseed(this.options.seed);
    this.limiter.reset();
    this.market.reload();
    for (const user of scenario.users) await this.users.create(user);
    this.changed();
  }

  /** The live state (not a copy), its clock brought up to date: what persistence writes. */
  live(): MockState {
    this.state.clock = this.clock.snapshot();
    return this.state;
  }

  snapshot(): MockState {
    this.state.clock = this.clock.snapshot();
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
    // nor contract trading, before issue 12
    this.state.contracts = structuredClone(older.contracts ?? emptyContractsState());
    this.ledger.invalidate();
    this.ledger.check();
    this.clock.restore(state.clock);
    this.limiter.reset();
    this.market.reload();
  }

  /** Marks the state changed (for persistence) after a change the domains did not make. */
  changed(): void {
    this.options.onChange?.();
  }
}
