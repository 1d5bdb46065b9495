/**
 * The clients of the kill tests' money burst (durability-money.test.ts), against a live mock:
 * contract traders (one symbol each), funds clients and the back office, sharing one journal of
 * every money call and decision with its outcome, which also holds the kill switch. Their choices
 * come from a seeded generator; what the server did with each call is for the test to check.
 */
import {
  endpoints,
  type ContractOrder,
  type DepositRecord,
  type Position,
  type WithdrawalRecord,
} from '@bourse/protocol';
import Decimal from 'decimal.js';
import { ControlError, type ControlClient } from '../control/client.ts';
import { killMock, post, type LiveMock } from './live-mock.ts';

/** every contract order is placed at this leverage (5x): nothing comes near liquidation */
const LEVERAGE_ID = '1';
/** a PNG's first bytes: enough for the mock to take the rest as a PNG proof image */
const PNG_SIGNATURE = '89504e470d0a1a0a';
/** a burst that never opens its kill gate (every call refused) stops here */
const MAX_CALLS_PER_ROUND = 4000;

const { account, contract } = endpoints;

// ---- a seeded generator (mulberry32) -------------------------------------------------------

export type Random = ReturnType<typeof randomOf>;
export function randomOf(seed: number) {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    int,
    chance: (p: number): boolean => next() < p,
    pick: <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!,
    /** one of the items, by weight */
    weighted: <T>(items: readonly (readonly [T, number])[]): T => {
      let left = next() * items.reduce((sum, [, weight]) => sum + weight, 0);
      for (const [item, weight] of items) {
        left -= weight;
        if (left < 0) return item;
      }
      return items.at(-1)![0];
    },
    /** an amount between min and max (whole cents), as a client types it */
    amount: (min: number, max: number): string => (int(min * 100, max * 100) / 100).toFixed(2),
  };
}

// ---- what the clients sent and heard ---------------------------------------------------------

/** ok: answered with success; refused: answered with a refusal; lost: no answer came */
export type Outcome = 'ok' | 'refused' | 'lost';

export interface Call {
  seq: number;
  path: string;
  body: Record<string, unknown>;
  outcome: Outcome;
  /** the envelope's code when an answer came */
  code: number;
  msg: string;
  data: unknown;
  /** no answer came the first time (it was tried again after the restart) */
  lostOnce: boolean;
}

export type DecisionAction = 'approve' | 'reject' | 'pay';
export interface Decision {
  seq: number;
  kind: 'deposit' | 'withdrawal';
  action: DecisionAction;
  id: string;
  outcome: Outcome;
  status: number;
  reason: string;
  lostOnce: boolean;
}

/** A read's answer, numbered in the journal's order. */
interface Sighted {
  seq: number;
  data: unknown;
}

export interface Connection {
  mock: LiveMock;
  token: string;
  control: ControlClient;
}

/**
 * The clients' shared notebook: every money call and back-office decision with its outcome, and
 * the burst's kill switch (SIGKILL once the gate is open and a random number more calls have
 * been acknowledged).
 */
export class Journal {
  readonly calls: Call[] = [];
  readonly decisions: Decision[] = [];
  /** orders the engine filled on its own (a price move), as the client saw them filled */
  readonly filledByEngine = new Set<string>();
  private seq = 0;
  connection!: Connection;
  /** no burst under way: a call now cannot kill the server */
  private killed = true;
  acks = 0;
  sentThisRound = 0;
  killAt: number | null = null;
  /** whether the burst may be killed yet (every client has made each of its kinds of call) */
  gate: () => boolean = () => true;
  private waiter: (() => void) | null = null;

  /** whether the burst goes on (a method: the kill comes while a client awaits) */
  alive(): boolean {
    return !this.killed;
  }

  constructor(
    /** in every request id, so that a failure's calls can be told apart in the server's log */
    private readonly seed: number,
    private readonly random: Random,
  ) {}

  next(): number {
    return ++this.seq;
  }

  /** Opens a burst: calls count towards the kill from now on, once `gate` says they may. */
  newRound(gate: () => boolean): void {
    this.killed = false;
    this.killAt = null;
    this.acks = 0;
    this.sentThisRound = 0;
    this.gate = gate;
  }

  /** A money call, numbered and with a fresh request id, not sent yet. */
  prepare(path: string, fields: Record<string, unknown>): Call {
    const seq = this.next();
    const call: Call = {
      seq,
      path,
      body: { ...fields, request_id: `kill-${String(this.seed)}-${String(seq).padStart(7, '0')}` },
      outcome: 'lost',
      code: 0,
      msg: '',
      data: null,
      lostOnce: false,
    };
    this.calls.push(call);
    return call;
  }

  async send(call: Call): Promise<Call> {
    this.sentThisRound++;
    const { mock, token } = this.connection;
    try {
      const reply = await post<unknown>(mock.origin, call.path, call.body, token);
      call.outcome = reply.code === 200 ? 'ok' : 'refused';
      call.code = reply.code;
      call.msg = reply.msg;
      call.data = reply.data;
    } catch {
      call.outcome = 'lost';
    }
    if (call.outcome === 'ok') this.acknowledged();
    return call;
  }

  /** A read; null when it was refused or got no answer. */
  async read(path: string, body: Record<string, unknown>): Promise<Sighted | null> {
    const seq = this.next();
    this.sentThisRound++;
    try {
      const reply = await post<unknown>(
        this.connection.mock.origin,
        path,
        body,
        this.connection.token,
      );
      return reply.code === 200 ? { seq, data: reply.data } : null;
    } catch {
      return null;
    }
  }

  /** A back-office decision through the control API. */
  async decide(kind: Decision['kind'], action: DecisionAction, id: string): Promise<Decision> {
    const decision: Decision = {
      seq: this.next(),
      kind,
      action,
      id,
      outcome: 'lost',
      status: 0,
      reason: '',
      lostOnce: false,
    };
    this.decisions.push(decision);
    this.sentThisRound++;
    await this.sendDecision(decision);
    if (decision.outcome === 'ok') this.acknowledged();
    return decision;
  }

  async sendDecision(decision: Decision): Promise<void> {
    const { control } = this.connection;
    const { kind, action, id } = decision;
    const reason = action === 'reject' ? 'kill test' : '';
    try {
      if (action === 'pay') await control.payWithdrawal({ id });
      else if (kind === 'deposit') await control.reviewDeposit({ id, decision: action, reason });
      else await control.reviewWithdrawal({ id, decision: action, reason });
      decision.outcome = 'ok';
      decision.status = 200;
    } catch (error) {
      if (!(error instanceof ControlError)) throw error;
      decision.outcome = error.status === 0 ? 'lost' : 'refused';
      decision.status = error.status;
      decision.reason = error.reason;
    }
  }

  private acknowledged(): void {
    this.acks++;
    if (this.killAt === null && this.gate()) this.killAt = this.acks + this.random.int(0, 60);
    const due = this.killAt !== null && this.acks >= this.killAt;
    if (!this.killed && (due || this.sentThisRound > MAX_CALLS_PER_ROUND)) {
      this.killed = true;
      void killMock(this.connection.mock);
      this.wake();
    }
  }

  /** The back office waits for work without a timer: a new deposit, withdrawal or the kill. */
  idle(): Promise<void> {
    return new Promise((resolve) => {
      this.waiter = resolve;
    });
  }

  wake(): void {
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.();
  }

  ok(path: string): Call[] {
    return this.calls.filter((call) => call.path === path && call.outcome === 'ok');
  }
}

// ---- the clients -------------------------------------------------------------------------------

export type Direction = 'long' | 'short';
export const DIRECTIONS: readonly Direction[] = ['long', 'short'];
const directionOf = (action: ContractOrder['action']): Direction =>
  action === 'close_long' || action === 'open_long' ? 'long' : 'short';

type ContractOp =
  | 'open-market'
  | 'open-limit-resting'
  | 'open-limit-crossing'
  | 'margin-add'
  | 'margin-reduce'
  | 'close-limit-resting'
  | 'cancel'
  | 'part-stop'
  | 'close-market'
  | 'all-stop';
const CONTRACT_TOUR: readonly ContractOp[] = [
  'open-market',
  'open-limit-resting',
  'open-limit-crossing',
  'margin-add',
  'margin-reduce',
  'close-limit-resting',
  'cancel',
  'part-stop',
  'close-market',
  'all-stop',
];
const CONTRACT_WEIGHTS: readonly (readonly [ContractOp, number])[] = [
  ['open-market', 3],
  ['open-limit-resting', 2],
  ['open-limit-crossing', 2],
  ['margin-add', 1.5],
  ['margin-reduce', 1.5],
  ['close-limit-resting', 1],
  ['cancel', 2],
  ['part-stop', 2],
  ['close-market', 2],
  ['all-stop', 0.4],
];

/** The last the client saw of one direction's position, and when (journal order). */
interface Sighting {
  seq: number;
  position: Position | null;
}

/**
 * A client trading one symbol. It remembers what it last saw of its long and short positions
 * and when it last sent a call that could change each: a position is known exactly after a
 * restart when it was seen after the last such call was sent.
 */
export class ContractClient {
  readonly seen: Record<Direction, Sighting> = {
    long: { seq: 0, position: null },
    short: { seq: 0, position: null },
  };
  readonly touched: Record<Direction, number> = { long: 0, short: 0 };
  tour: ContractOp[] = [];
  private last = new Decimal(0);
  private step = new Decimal(0);
  private precision = 2;

  constructor(
    readonly symbol: string,
    private readonly journal: Journal,
    private readonly random: Random,
  ) {}

  /** The held price and the quantity step; what the client holds. */
  async prepare(): Promise<void> {
    const info = await this.journal.read(contract.getContractInfo.path, {
      symbol_id: this.symbol,
    });
    if (!info) throw new Error(`getContractInfo ${this.symbol} failed`);
    const terms = info.data as { mark_price: string; qty_step: string };
    this.last = new Decimal(terms.mark_price);
    this.step = new Decimal(terms.qty_step);
    this.precision = terms.mark_price.split('.')[1]?.length ?? 0;
    this.tour = [...CONTRACT_TOUR];
    if (!(await this.look())) throw new Error(`storeList ${this.symbol} failed`);
  }

  /** storeList for the symbol: a sighting of both directions. */
  private async look(): Promise<boolean> {
    const seen = await this.journal.read(contract.storeList.path, { symbol_id: this.symbol });
    if (!seen) return false;
    const { list } = seen.data as { list: Position[] };
    for (const direction of DIRECTIONS) {
      this.sight(seen.seq, direction, list.find((row) => row.direction === direction) ?? null);
    }
    return true;
  }

  private sight(seq: number, direction: Direction, position: Position | null): void {
    if (seq >= this.seen[direction].seq) this.seen[direction] = { seq, position };
  }

  async run(): Promise<void> {
    while (this.journal.alive()) {
      const op = this.tour.shift() ?? this.random.weighted(CONTRACT_WEIGHTS);
      await this.perform(op);
      if (this.journal.alive()) await this.look();
    }
  }

  /** the held price times `factor`, at the symbol's precision */
  price(factor: number): string {
    return this.last
      .times(factor)
      .toDecimalPlaces(this.precision, Decimal.ROUND_DOWN)
      .toFixed(this.precision);
  }

  /** 3 steps or more, worth 30 to 120 USDT */
  private quantity(): string {
    const worth = new Decimal(this.random.int(30, 120));
    const steps = Decimal.max(3, worth.div(this.last).div(this.step).floor());
    return steps.times(this.step).toFixed();
  }

  /** up to half of what can be closed, one step at least; null when nothing can */
  private closeQuantity(position: Position): string | null {
    const closable = new Decimal(position.closable_quantity).div(this.step).floor();
    if (closable.lt(1)) return null;
    const steps = Decimal.max(1, closable.div(2).floor());
    return new Decimal(this.random.int(1, steps.toNumber())).times(this.step).toFixed();
  }

  private held(): Position[] {
    return DIRECTIONS.map((direction) => this.seen[direction].position).filter(
      (position): position is Position => position !== null,
    );
  }

  /** Sends a call that may change the positions of `directions`. */
  private async write(path: string, fields: Record<string, unknown>, directions: Direction[]) {
    const call = this.journal.prepare(path, fields);
    for (const direction of directions) this.touched[direction] = call.seq;
    return this.journal.send(call);
  }

  /** A buy resting 10 % below the held price (for the market move between rounds). */
  async restingBuy(): Promise<ContractOrder | null> {
    const call = await this.write(
      contract.addOrder.path,
      {
        symbol_id: this.symbol,
        side: 'buy',
        type: 'limit',
        price: this.price(0.9),
        quantity: this.quantity(),
        leverage_id: LEVERAGE_ID,
      },
      ['long'],
    );
    return call.outcome === 'ok' ? (call.data as ContractOrder) : null;
  }

  private open(type: 'market' | 'limit', factor: (side: 'buy' | 'sell') => number) {
    const side = this.random.pick(['buy', 'sell'] as const);
    return this.write(
      contract.addOrder.path,
      {
        symbol_id: this.symbol,
        side,
        type,
        ...(type === 'limit' ? { price: this.price(factor(side)) } : {}),
        quantity: this.quantity(),
        leverage_id: LEVERAGE_ID,
      },
      [side === 'buy' ? 'long' : 'short'],
    );
  }

  private async perform(op: ContractOp): Promise<void> {
    const held = this.held();
    const position = held.length === 0 ? null : this.random.pick(held);
    switch (op) {
      case 'open-market':
        await this.open('market', () => 1);
        return;
      case 'open-limit-resting':
        // far from the held price: it waits
        await this.open('limit', (side) => (side === 'buy' ? 0.9 : 1.1));
        return;
      case 'open-limit-crossing':
        // beyond the quote: it trades at once, at the quote
        await this.open('limit', (side) => (side === 'buy' ? 1.01 : 0.99));
        return;
      case 'close-market':
      case 'close-limit-resting': {
        const quantity = position && this.closeQuantity(position);
        if (!position || !quantity) return;
        const long = position.direction === 'long';
        await this.write(
          contract.addOrder.path,
          {
            symbol_id: this.symbol,
            side: long ? 'sell' : 'buy',
            ...(op === 'close-market'
              ? { type: 'market' }
              : { type: 'limit', price: this.price(long ? 1.2 : 0.8) }),
            quantity,
            leverage_id: LEVERAGE_ID,
            reduce_only: true,
          },
          [position.direction],
        );
        return;
      }
      case 'part-stop': {
        const quantity = position && this.closeQuantity(position);
        if (!position || !quantity) return;
        const call = await this.write(
          contract.partStop.path,
          { position_id: position.id, quantity },
          [position.direction],
        );
        if (call.outcome === 'ok') {
          const data = call.data as { position: Position | null };
          this.sight(call.seq, position.direction, data.position);
        }
        return;
      }
      case 'all-stop':
        if (held.length === 0) return;
        await this.write(contract.allStop.path, { symbol_id: this.symbol }, [...DIRECTIONS]);
        return;
      case 'cancel': {
        const open = await this.journal.read(contract.orderList.path, {
          group: 'open',
          symbol_id: this.symbol,
          page: 1,
          limit: 100,
        });
        const list = open ? (open.data as { list: ContractOrder[] }).list : [];
        if (list.length === 0 || !this.journal.alive()) return;
        const order = this.random.pick(list);
        await this.write(
          contract.cancelOrder.path,
          { order_id: order.id },
          order.reduce_only ? [directionOf(order.action)] : [],
        );
        return;
      }
      case 'margin-add':
      case 'margin-reduce': {
        if (!position) return;
        const amount =
          op === 'margin-add'
            ? this.random.amount(1, 10)
            : new Decimal(position.max_reduce_margin)
                .times(this.random.int(10, 90))
                .div(100)
                .toDecimalPlaces(2, Decimal.ROUND_DOWN);
        if (new Decimal(amount).lt('0.01')) return;
        const call = await this.write(
          contract.depositChange.path,
          {
            position_id: position.id,
            action: op === 'margin-add' ? 'add' : 'reduce',
            amount: new Decimal(amount).toFixed(2),
          },
          [position.direction],
        );
        if (call.outcome === 'ok') this.sight(call.seq, position.direction, call.data as Position);
        return;
      }
    }
  }
}

type FundsOp = 'transfer' | 'deposit' | 'cancel-deposit' | 'withdraw' | 'strategy';
const TRANSFERS = [
  [['fund', 'contract'], 3],
  [['contract', 'fund'], 1],
  [['fund', 'option'], 1],
  [['option', 'fund'], 1],
] as const;

/** What waits for the back office, and the deposits a funds client means to cancel itself. */
export interface Desk {
  deposits: Map<string, { reserved: boolean }>;
  withdrawals: Set<string>;
  approved: Set<string>;
}

/** A client moving funds: transfers, deposits and their cancelling, withdrawals, the rule. */
export class FundsClient {
  tour: FundsOp[] = [];

  constructor(
    private readonly journal: Journal,
    private readonly desk: Desk,
    private readonly random: Random,
    /** the login password, which confirms a withdrawal */
    private readonly password: string,
    private readonly setsStrategy: boolean,
  ) {}

  prepare(): void {
    this.tour = ['transfer', 'deposit', 'cancel-deposit', 'withdraw'];
    if (this.setsStrategy) this.tour.push('strategy');
  }

  async run(): Promise<void> {
    while (this.journal.alive()) {
      const touring = this.tour.length > 0;
      const op =
        this.tour.shift() ??
        this.random.weighted<FundsOp>([
          ['transfer', 4],
          ['deposit', 2],
          ['cancel-deposit', 1],
          ['withdraw', 1.5],
          ['strategy', this.setsStrategy ? 0.7 : 0],
        ]);
      await this.perform(op, touring);
    }
  }

  private async send(path: string, fields: Record<string, unknown>): Promise<Call> {
    return this.journal.send(this.journal.prepare(path, fields));
  }

  private async perform(op: FundsOp, touring: boolean): Promise<void> {
    switch (op) {
      case 'transfer': {
        const [from, to] = touring
          ? (['fund', 'contract'] as const)
          : this.random.weighted<readonly [string, string]>(TRANSFERS);
        await this.send(account.transfer.path, { from, to, amount: this.random.amount(1, 40) });
        return;
      }
      case 'deposit': {
        const hex = (length: number) =>
          Array.from({ length }, () => this.random.int(0, 15).toString(16)).join('');
        // a bank deposit with its proof image (kept apart from the state), or a USDT one
        const fields = this.random.chance(0.4)
          ? {
              method: 'bank',
              currency: this.random.pick(['USD', 'EUR']),
              amount: this.random.amount(50, 500),
              proof_image: `data:image/png;base64,${Buffer.from(PNG_SIGNATURE + hex(32), 'hex').toString('base64')}`,
            }
          : {
              method: 'usdt',
              network: 'TRC20',
              currency: 'USDT',
              amount: this.random.amount(10, 500),
              tx_hash: hex(64),
            };
        const call = await this.send(account.addRech.path, fields);
        if (call.outcome === 'ok') {
          // the deposit the tour cancels next is left alone by the back office
          this.desk.deposits.set((call.data as DepositRecord).id, { reserved: touring });
          this.journal.wake();
        }
        return;
      }
      case 'cancel-deposit': {
        const waiting = [...this.desk.deposits];
        const reserved = waiting.filter(([, entry]) => entry.reserved);
        const choice = reserved.length > 0 ? reserved : waiting;
        if (choice.length === 0) return;
        const [id] = this.random.pick(choice);
        const call = await this.send(account.cancelRech.path, { id });
        if (call.outcome !== 'lost') this.desk.deposits.delete(id);
        return;
      }
      case 'withdraw': {
        const call = await this.send(account.addCash.path, {
          method: 'usdt',
          amount: this.random.amount(20, 120),
          password: this.password,
        });
        if (call.outcome === 'ok') {
          this.desk.withdrawals.add((call.data as WithdrawalRecord).id);
          this.journal.wake();
        }
        return;
      }
      case 'strategy':
        await this.send(contract.setStrategy.path, {
          enabled: this.random.chance(0.5),
          // a loss this large of the margin never comes, even after the move between rounds
          deposit_rate: this.random.pick(['75', '90', '100']),
          auto_add: this.random.pick(['10', '25', '50']),
        });
        return;
    }
  }
}

/** The back office: approves or rejects what waits for review, and pays approved withdrawals. */
export class BackOffice {
  constructor(
    private readonly journal: Journal,
    private readonly desk: Desk,
    private readonly random: Random,
  ) {}

  /** each decision made (and acknowledged) at least once */
  covered(): boolean {
    const made = (kind: Decision['kind'], action: DecisionAction) =>
      this.journal.decisions.some(
        (decision) =>
          decision.kind === kind && decision.action === action && decision.outcome === 'ok',
      );
    return (
      made('deposit', 'approve') &&
      made('deposit', 'reject') &&
      made('withdrawal', 'approve') &&
      made('withdrawal', 'reject') &&
      made('withdrawal', 'pay')
    );
  }

  /** approve first, then reject, then mostly approve */
  private verdict(kind: Decision['kind']): 'approve' | 'reject' {
    const made = (action: DecisionAction) =>
      this.journal.decisions.some(
        (decision) =>
          decision.kind === kind && decision.action === action && decision.outcome === 'ok',
      );
    if (!made('approve')) return 'approve';
    if (!made('reject')) return 'reject';
    return this.random.chance(0.7) ? 'approve' : 'reject';
  }

  async run(): Promise<void> {
    while (this.journal.alive()) {
      const deposits = [...this.desk.deposits].filter(([, entry]) => !entry.reserved);
      const work: (() => Promise<void>)[] = [];
      if (deposits.length > 0) {
        work.push(async () => {
          const [id] = this.random.pick(deposits);
          this.desk.deposits.delete(id);
          await this.journal.decide('deposit', this.verdict('deposit'), id);
        });
      }
      if (this.desk.withdrawals.size > 0) {
        work.push(async () => {
          const id = this.random.pick([...this.desk.withdrawals]);
          this.desk.withdrawals.delete(id);
          const decision = await this.journal.decide('withdrawal', this.verdict('withdrawal'), id);
          if (decision.outcome === 'ok' && decision.action === 'approve') {
            this.desk.approved.add(id);
          }
        });
      }
      if (this.desk.approved.size > 0) {
        work.push(async () => {
          const id = this.random.pick([...this.desk.approved]);
          this.desk.approved.delete(id);
          await this.journal.decide('withdrawal', 'pay', id);
        });
      }
      if (work.length === 0) await this.journal.idle();
      else await this.random.pick(work)();
    }
  }
}
