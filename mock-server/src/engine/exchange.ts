import { DEMO_BALANCE } from '@bourse/fixtures';
import { Accounts, type NewUser } from './accounts.ts';
import { SimClock } from './clock.ts';
import { Content } from './content.ts';
import { Ipo, scheduleIpos } from './ipo.ts';
import { emptyMarketState, Market } from './market/index.ts';
import { createPasswordHasher, type PasswordHasher } from './passwords.ts';
import { SeededRandom } from './random.ts';
import { emptyState, type MockState } from './state.ts';

export interface ExchangeOptions {
  seed: number;
  /** the wall clock the simulated clock runs on */
  wall?: () => number;
  hasher?: PasswordHasher;
  demoBalance?: string;
  /** called after every change of state, so the owner can persist it */
  onChange?: () => void;
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
  readonly accounts: Accounts;
  readonly content: Content;
  readonly ipo: Ipo;
  readonly market: Market;
  private state: MockState;
  private readonly random: SeededRandom;

  constructor(private readonly options: ExchangeOptions) {
    this.state = emptyState(options.seed, 'empty');
    this.clock = new SimClock(options.wall);
    this.random = new SeededRandom(options.seed);
    this.content = new Content(() => this.clock.now());
    this.ipo = new Ipo({
      state: () => this.state,
      now: () => this.clock.now(),
      changed: () => {
        this.changed();
      },
    });
    this.market = new Market(
      options.seed,
      () => this.state.market,
      () => {
        this.changed();
      },
    );
    const hasher = options.hasher ?? createPasswordHasher();
    this.accounts = new Accounts({
      state: () => this.state,
      now: () => this.clock.now(),
      random: this.random,
      hasher,
      demoBalance: options.demoBalance ?? DEMO_BALANCE,
      changed: () => {
        this.changed();
      },
    });
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
    this.accounts.limiter.reset();
    this.market.reload();
    for (const user of scenario.users) await this.accounts.createUser(user);
    this.changed();
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
    this.clock.restore(state.clock);
    this.accounts.limiter.reset();
    this.market.reload();
  }

  /** Marks the state changed (for persistence) after a change the domains did not make. */
  changed(): void {
    this.options.onChange?.();
  }
}
