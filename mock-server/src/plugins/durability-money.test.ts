/**
 * Durable before acknowledged, for every kind of money call. The real server process takes a
 * seeded random mix of them from concurrent clients (src/test/money-clients.ts): contract orders
 * (market and limit opens, reduce-only closes, partStop, allStop, cancelOrder), margin changes
 * (depositChange add and reduce), the auto-margin rule (setStrategy), transfers, deposits (USDT,
 * and bank with a proof image; addRech, cancelRech) and withdrawals (addCash), and the back
 * office's decisions on them (control API reviews and payouts). It is killed with SIGKILL at a
 * random point of the burst and started again over the same data, twice. After each restart:
 * - every call answered with success is there: its orders by id, transfers, deposits (and their
 *   proof) and withdrawals by id, each position as the client last saw it (margin, quantity...)
 *   unless a call that could change it went unanswered;
 * - every balance the API shows is the sum of the ledger's postings;
 * - a repeat of each such call's request id answers the same and moves nothing, and a decision
 *   made is refused when made again;
 * - a call that got no answer, tried again with its request id, then counts exactly once: the
 *   orders, transfers, deposits, withdrawals and margin moves are those acknowledged, no more.
 * Last, a stored balance that differs from its postings stops the server from starting.
 *
 * Prices are held (the market paused), so within a burst nothing moves but the calls: no fill,
 * take profit, liquidation or auto-margin happens on its own. Between the rounds the held prices
 * drop, and the engine fills the resting buys; those fills must survive the next kill too. The
 * seed is random unless KILL_SEED is set; a failure names it.
 */
import { SCENARIOS } from '@bourse/fixtures';
import {
  endpoints,
  type AccountBalances,
  type AutoMarginRule,
  type ContractOrder,
  type DepositRecord,
  type FundFlow,
  type Position,
  type WithdrawalRecord,
} from '@bourse/protocol';
import Decimal from 'decimal.js';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { ControlClient } from '../control/client.ts';
import { userAccount } from '../engine/ledger/accounts.ts';
import type { LedgerTransaction } from '../engine/state.ts';
import { killMock, login, post, startMock, type LiveMock } from '../test/live-mock.ts';
import {
  BackOffice,
  ContractClient,
  DIRECTIONS,
  FundsClient,
  Journal,
  randomOf,
  type Call,
  type Connection,
  type Decision,
  type DecisionAction,
  type Desk,
  type Outcome,
} from '../test/money-clients.ts';

const SEED = Number(process.env['KILL_SEED'] ?? Math.floor(Math.random() * 2 ** 31));
const ROUNDS = 2;
const trader = SCENARIOS['verified-trader'].users[0]!;
/** deposit accounts are ready at once; replies encrypted, as a client gets them */
const ENV = { DEPOSIT_WAIT_MS: '0', ENCRYPT: 'on' };
/** each contract client trades its own symbol, so only it changes that symbol's positions */
const SYMBOLS = ['btcusdt', 'ethusdt', 'solusdt', 'xrpusdt'] as const;
const WALLET = { network: 'TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' } as const;

const { account, contract, user } = endpoints;

// ---- reading the restarted state ---------------------------------------------------------------

/** A read that must succeed. */
async function must<T>(connection: Connection, path: string, body: Record<string, unknown>) {
  const reply = await post<T>(connection.mock.origin, path, body, connection.token);
  if (reply.code !== 200) throw new Error(`${path}: ${String(reply.code)} ${reply.msg}`);
  return reply.data;
}

/** Every page of a list. */
async function everything<T>(
  connection: Connection,
  path: string,
  body: Record<string, unknown> = {},
): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const data = await must<{ list: T[]; total: number }>(connection, path, {
      ...body,
      page,
      limit: 100,
    });
    rows.push(...data.list);
    if (data.list.length === 0 || rows.length >= data.total) return rows;
  }
}

interface Restarted {
  positions: Position[];
  orders: Map<string, ContractOrder>;
  flows: FundFlow[];
  deposits: Map<string, DepositRecord>;
  withdrawals: Map<string, WithdrawalRecord>;
  strategy: AutoMarginRule;
  transactions: LedgerTransaction[];
  balances: AccountBalances;
  userId: string;
}

async function readState(connection: Connection): Promise<Restarted> {
  const orders = [
    ...(await everything<ContractOrder>(connection, contract.orderList.path, { group: 'open' })),
    ...(await everything<ContractOrder>(connection, contract.orderList.path, {
      group: 'history',
    })),
  ];
  const exported = await connection.control.exportState();
  const users = Object.values(exported.users) as { user_id: string; email: string }[];
  const userId = users.find((row) => row.email === trader.email)?.user_id;
  if (!userId) throw new Error('the trader is missing from the export');
  return {
    positions: (await must<{ list: Position[] }>(connection, contract.storeList.path, {})).list,
    orders: new Map(orders.map((order) => [order.id, order])),
    flows: await everything<FundFlow>(connection, account.list.path),
    deposits: new Map(
      (await everything<DepositRecord>(connection, account.rechlog.path)).map((row) => [
        row.id,
        row,
      ]),
    ),
    withdrawals: new Map(
      (await everything<WithdrawalRecord>(connection, account.cashlog.path)).map((row) => [
        row.id,
        row,
      ]),
    ),
    strategy: await must<AutoMarginRule>(connection, contract.getStrategy.path, {}),
    transactions: exported.ledger.transactions as LedgerTransaction[],
    balances: await must<AccountBalances>(connection, account.index.path, {}),
    userId,
  };
}

/** What the client can see of a position and would notice changed. */
const positionFacts = (position: Position | null | undefined) =>
  position
    ? {
        id: position.id,
        quantity: position.quantity,
        closable_quantity: position.closable_quantity,
        margin: position.margin,
        max_reduce_margin: position.max_reduce_margin,
        entry_price: position.entry_price,
        mark_price: position.mark_price,
        leverage: position.leverage,
        opened_at: position.opened_at,
        updated_at: position.updated_at,
      }
    : null;

/** What an order keeps from its placing on. */
const orderFacts = (order: ContractOrder | undefined) =>
  order && {
    id: order.id,
    order_no: order.order_no,
    symbol_id: order.symbol_id,
    side: order.side,
    action: order.action,
    type: order.type,
    price: order.price,
    quantity: order.quantity,
    leverage: order.leverage,
    reduce_only: order.reduce_only,
    created_at: order.created_at,
  };

/** What a review or payout changes of a deposit or withdrawal. */
const DECIDED = ['status', 'reject_reason', 'reviewed_at', 'credited_amount', 'paid_at'];
/** A deposit or withdrawal as it was made. */
const asPlaced = (record: DepositRecord | WithdrawalRecord | undefined) =>
  record && Object.fromEntries(Object.entries(record).filter(([key]) => !DECIDED.includes(key)));

/** The orders an acknowledged call answered with. */
function answeredOrders(call: Call): ContractOrder[] {
  if (call.outcome !== 'ok') return [];
  if (call.path === contract.addOrder.path || call.path === contract.cancelOrder.path) {
    return [call.data as ContractOrder];
  }
  if (call.path === contract.partStop.path) return [(call.data as { order: ContractOrder }).order];
  if (call.path === contract.allStop.path) return (call.data as { list: ContractOrder[] }).list;
  return [];
}

const TRADED: readonly ContractOrder['status'][] = ['filled', 'closed', 'completed'];

describe('a mock killed during a burst of every kind of money call', () => {
  let running: LiveMock | null = null;
  let dir = '';
  afterEach(async () => {
    await killMock(running);
    running = null;
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('comes back holding every acknowledged call, replays each, and reconciles', async () => {
    const context = `KILL_SEED=${String(SEED)}`;
    const journal = new Journal(SEED, randomOf(SEED + 1));
    const desk: Desk = { deposits: new Map(), withdrawals: new Set(), approved: new Set() };
    const contracts = SYMBOLS.map(
      (symbol, i) => new ContractClient(symbol, journal, randomOf(SEED + 10 + i)),
    );
    const funds = [0, 1].map(
      (i) => new FundsClient(journal, desk, randomOf(SEED + 20 + i), trader.password, i === 0),
    );
    const backOffice = new BackOffice(journal, desk, randomOf(SEED + 30));
    dir = await mkdtemp(join(tmpdir(), 'bourse-kill-money-'));

    const connect = async (): Promise<Connection> => {
      const mock = await startMock(dir, ENV);
      running = mock;
      journal.connection = {
        mock,
        token: await login(mock.origin, trader.email, trader.password),
        control: new ControlClient(mock.origin, { timeoutMs: 30_000 }),
      };
      return journal.connection;
    };

    // the first start: the trader binds a wallet and opens a deposit account; prices are held
    let connection = await connect();
    let userId = '';
    await must(connection, user.setUserWallet.path, WALLET);
    await must(connection, account.getRechInfo.path, { method: 'usdt', network: 'TRC20' });
    await must(connection, account.getRechInfo.path, { method: 'bank' });
    await connection.control.pauseMarket();
    // a hold takes effect from the next whole second
    await connection.control.advance(1000);

    for (let round = 1; round <= ROUNDS; round++) {
      const roundContext = `${context}, round ${String(round)}`;
      if (round > 1) await moveMarket(connection, contracts, journal);
      for (const client of contracts) await client.prepare();
      for (const client of funds) client.prepare();
      journal.newRound(
        () =>
          contracts.every((client) => client.tour.length === 0) &&
          funds.every((client) => client.tour.length === 0) &&
          backOffice.covered(),
      );
      await Promise.all([
        ...contracts.map((client) => client.run()),
        ...funds.map((client) => client.run()),
        backOffice.run(),
      ]);
      await killMock(connection.mock);
      expect(journal.killAt, `${roundContext}: the kill gate never opened`).not.toBeNull();
      // nothing was refused for its shape: every refusal is the engine's (500) or a decision
      // already made (409)
      for (const call of journal.calls.filter((item) => item.outcome === 'refused')) {
        expect(call.code, `${roundContext}: ${call.path} ${call.msg}`).toBe(500);
      }
      for (const decision of journal.decisions.filter((item) => item.outcome === 'refused')) {
        expect(decision.status, `${roundContext}: ${decision.kind} ${decision.reason}`).toBe(409);
      }

      // the restart checks the ledger against the stored balances (it refuses to start otherwise)
      connection = await connect();
      const restarted = await readState(connection);
      userId = restarted.userId;
      // (a) every acknowledged call is there, (c) the balances are the ledger's sums
      await checkPresent(journal, contracts, restarted, connection, roundContext);
      reconcile(restarted, roundContext);
      // (b) a repeat of an acknowledged call answers the same and moves nothing
      await checkReplays(journal, restarted, connection, roundContext);
      // a call whose answer was lost is tried again with its request id: then it counts once
      await retryLost(journal, roundContext);
      const settled = await readState(connection);
      exactlyOnce(journal, settled, roundContext);
      reconcile(settled, roundContext);

      // what waits for the back office in the next round
      desk.deposits.clear();
      desk.withdrawals.clear();
      desk.approved.clear();
      for (const row of settled.deposits.values()) {
        if (row.status === 'reviewing') desk.deposits.set(row.id, { reserved: false });
      }
      for (const row of settled.withdrawals.values()) {
        if (row.status === 'reviewing') desk.withdrawals.add(row.id);
        if (row.status === 'approved') desk.approved.add(row.id);
      }
    }

    // every kind of money call was acknowledged at least once
    const counts = Object.fromEntries(
      Object.entries(KINDS).map(([kind, test]) => [
        kind,
        journal.calls.filter((call) => call.outcome === 'ok' && test(call)).length,
      ]),
    );
    for (const [kind, count] of Object.entries(counts)) {
      expect(count, `${context}: acknowledged ${kind} calls, ${JSON.stringify(counts)}`).not.toBe(
        0,
      );
    }
    expect(backOffice.covered(), `${context}: every kind of decision made`).toBe(true);

    // a stored balance that differs from its postings stops the start
    await killMock(connection.mock);
    const raw = new DatabaseSync(join(dir, 'mock.sqlite'));
    const tampered = raw
      .prepare('UPDATE balances SET amount = ? WHERE account = ?')
      .run('1', userAccount(userId, 'real', 'fund'));
    raw.close();
    expect(tampered.changes, 'the stored fund balance').toBe(1);
    const refused = startMock(dir, ENV).then((mock) => {
      running = mock;
      return mock;
    });
    await expect(refused).rejects.toThrow(/LedgerInconsistency/);
  }, 120_000);
});

/** The kinds of money call the test must have had acknowledged, by their request. */
const KINDS: Readonly<Record<string, (call: Call) => boolean>> = {
  'market open': (call) =>
    call.path === contract.addOrder.path &&
    !call.body['reduce_only'] &&
    call.body['type'] === 'market',
  'limit open': (call) =>
    call.path === contract.addOrder.path &&
    !call.body['reduce_only'] &&
    call.body['type'] === 'limit',
  'reduce-only close': (call) =>
    call.path === contract.addOrder.path && call.body['reduce_only'] === true,
  partStop: (call) => call.path === contract.partStop.path,
  allStop: (call) => call.path === contract.allStop.path,
  cancelOrder: (call) => call.path === contract.cancelOrder.path,
  'margin add': (call) =>
    call.path === contract.depositChange.path && call.body['action'] === 'add',
  'margin reduce': (call) =>
    call.path === contract.depositChange.path && call.body['action'] === 'reduce',
  setStrategy: (call) => call.path === contract.setStrategy.path,
  transfer: (call) => call.path === account.transfer.path,
  'USDT deposit': (call) => call.path === account.addRech.path && call.body['method'] === 'usdt',
  'bank deposit': (call) => call.path === account.addRech.path && call.body['method'] === 'bank',
  cancelRech: (call) => call.path === account.cancelRech.path,
  addCash: (call) => call.path === account.addCash.path,
};

/**
 * (a) Every acknowledged call is in the restarted state: its orders by id, a cancelled order
 * cancelled, a transfer's two legs, a deposit (and its proof image) and a withdrawal by id as
 * they were made, each position as last seen when nothing that could change it went unanswered
 * since, and the auto-margin rule last set (or one whose answer was lost).
 */
async function checkPresent(
  journal: Journal,
  contracts: readonly ContractClient[],
  restarted: Restarted,
  connection: Connection,
  context: string,
): Promise<void> {
  const { orders, flows, deposits, withdrawals } = restarted;
  for (const call of journal.calls) {
    for (const answered of answeredOrders(call)) {
      const now = orders.get(answered.id);
      expect(orderFacts(now), `${context}: order ${answered.id}`).toEqual(orderFacts(answered));
      if (TRADED.includes(answered.status)) {
        expect(TRADED, `${context}: traded order ${answered.id}`).toContain(now?.status);
      }
    }
  }
  for (const id of journal.filledByEngine) {
    expect(TRADED, `${context}: order ${id} filled by the engine`).toContain(
      orders.get(id)?.status,
    );
  }
  for (const call of journal.ok(contract.cancelOrder.path)) {
    const order = call.data as ContractOrder;
    expect(orders.get(order.id)?.status, `${context}: cancelled ${order.id}`).toBe('cancelled');
  }
  for (const call of journal.ok(account.transfer.path)) {
    const { transfer_id: id } = call.data as { transfer_id: string };
    const amount = new Decimal(String(call.body['amount']));
    const legs = flows
      .filter((flow) => flow.ref_id === id)
      .map((flow) => [flow.kind, flow.account, new Decimal(flow.amount).toFixed()])
      .sort();
    expect(legs, `${context}: transfer ${id}`).toEqual([
      ['transfer_in', call.body['to'], amount.toFixed()],
      ['transfer_out', call.body['from'], amount.negated().toFixed()],
    ]);
  }
  for (const call of journal.ok(account.addRech.path)) {
    const made = call.data as DepositRecord;
    expect(asPlaced(deposits.get(made.id)), `${context}: deposit ${made.id}`).toEqual(
      asPlaced(made),
    );
    const proof = call.body['proof_image'];
    if (typeof proof !== 'string') continue;
    const image = await fetch(`${connection.mock.origin}${made.proof_image}`);
    const bytes = Buffer.from(await image.arrayBuffer()).toString('base64');
    expect({ status: image.status, bytes }, `${context}: proof of deposit ${made.id}`).toEqual({
      status: 200,
      bytes: proof.split(',')[1],
    });
  }
  for (const call of journal.ok(account.addCash.path)) {
    const made = call.data as WithdrawalRecord;
    expect(asPlaced(withdrawals.get(made.id)), `${context}: withdrawal ${made.id}`).toEqual(
      asPlaced(made),
    );
  }
  for (const client of contracts) {
    for (const direction of DIRECTIONS) {
      const seen = client.seen[direction];
      if (seen.seq < client.touched[direction]) continue;
      const now = restarted.positions.find(
        (row) => row.symbol_id === client.symbol && row.direction === direction,
      );
      expect(positionFacts(now), `${context}: ${client.symbol} ${direction} position`).toEqual(
        positionFacts(seen.position),
      );
    }
  }
  const rules = journal.calls.filter((call) => call.path === contract.setStrategy.path);
  const lastSet = rules.findLast((call) => call.outcome === 'ok');
  if (lastSet) {
    const rule = (call: Call) => ({
      enabled: call.body['enabled'],
      deposit_rate: call.body['deposit_rate'],
      auto_add: call.body['auto_add'],
    });
    const possible = [lastSet, ...rules.filter((call) => call.seq > lastSet.seq)].map(rule);
    expect(possible, `${context}: auto-margin rule`).toContainEqual(restarted.strategy);
  }
}

/**
 * (b) A repeat of every acknowledged call's request id answers exactly what the call did, and
 * moves nothing; a back-office decision made is refused as made when tried again.
 */
async function checkReplays(
  journal: Journal,
  restarted: Restarted,
  connection: Connection,
  context: string,
): Promise<void> {
  for (const call of journal.calls.filter((item) => item.outcome === 'ok')) {
    const again = await post<unknown>(
      connection.mock.origin,
      call.path,
      call.body,
      connection.token,
    );
    expect(
      { code: again.code, data: again.data },
      `${context}: replay of ${call.path} ${String(call.body['request_id'])}`,
    ).toEqual({ code: 200, data: call.data });
  }
  for (const decision of journal.decisions.filter((item) => item.outcome === 'ok')) {
    const again: Decision = { ...decision, outcome: 'lost' };
    await journal.sendDecision(again);
    expect(
      again.status,
      `${context}: ${decision.kind} ${decision.id} ${decision.action} again`,
    ).toBe(409);
  }
  const after = await readState(connection);
  expect(after.transactions.length, `${context}: ledger entries after the replays`).toBe(
    restarted.transactions.length,
  );
  expect(after.balances, `${context}: balances after the replays`).toEqual(restarted.balances);
}

/** Tries again, with its request id, every call and decision whose answer was lost. */
async function retryLost(journal: Journal, context: string): Promise<void> {
  for (const call of journal.calls.filter((item) => item.outcome === 'lost')) {
    call.lostOnce = true;
    await journal.send(call);
    expect(call.outcome, `${context}: retry of ${call.path}`).not.toBe('lost');
  }
  for (const decision of journal.decisions.filter((item) => item.outcome === 'lost')) {
    decision.lostOnce = true;
    await journal.sendDecision(decision);
    expect(decision.outcome, `${context}: retry of a ${decision.kind} decision`).not.toBe('lost');
  }
}

/**
 * Between rounds the engine moves money on its own: each symbol's held price drops 10.5 %, so
 * the resting buy orders (placed 10 % below) fill when the control API moves the clock past the
 * change; what the client then reads of them is on record before it is answered.
 */
async function moveMarket(
  connection: Connection,
  contracts: readonly ContractClient[],
  journal: Journal,
): Promise<void> {
  // room for the resting buys, whatever the burst left in the contract account
  const funding = await journal.send(
    journal.prepare(account.transfer.path, { from: 'fund', to: 'contract', amount: '500' }),
  );
  expect(funding.outcome, 'a transfer into the contract account').toBe('ok');
  const resting = new Set<string>();
  for (const client of contracts) {
    const open = await everything<ContractOrder>(connection, contract.orderList.path, {
      group: 'open',
      symbol_id: client.symbol,
    });
    for (const order of open) if (order.action === 'open_long') resting.add(order.id);
    const placed = await client.restingBuy();
    expect(placed?.status, `a resting buy on ${client.symbol}`).toBe('pending');
    if (placed) resting.add(placed.id);
    await connection.control.setPrice({ symbol_id: client.symbol, price: client.price(0.895) });
  }
  await connection.control.advance(1000);
  const history = await everything<ContractOrder>(connection, contract.orderList.path, {
    group: 'history',
  });
  const filled = history.filter((order) => resting.has(order.id) && order.status === 'filled');
  expect(filled.map((order) => order.id).sort(), 'the resting buys filled by the engine').toEqual(
    [...resting].sort(),
  );
  for (const order of filled) journal.filledByEngine.add(order.id);
}

/** Each of the user's balances, available and frozen, is the sum of its postings. */
function reconcile(state: Restarted, context: string): void {
  const sums = new Map<string, Decimal>();
  let all = new Decimal(0);
  for (const transaction of state.transactions) {
    for (const posting of transaction.postings) {
      sums.set(posting.account, (sums.get(posting.account) ?? new Decimal(0)).plus(posting.amount));
      all = all.plus(posting.amount);
    }
  }
  expect(all.toFixed(), `${context}: the ledger sums to zero`).toBe('0');
  const sum = (id: string) => (sums.get(id) ?? new Decimal(0)).toFixed();
  expect(state.balances.account_mode).toBe('real');
  for (const item of state.balances.list) {
    expect(
      {
        account: item.account,
        available: new Decimal(item.available).toFixed(),
        frozen: new Decimal(item.frozen).toFixed(),
      },
      `${context}: the ${item.account} balance against the ledger`,
    ).toEqual({
      account: item.account,
      available: sum(userAccount(state.userId, 'real', item.account)),
      frozen: sum(userAccount(state.userId, 'real', item.account, 'frozen')),
    });
  }
}

/** A change of a deposit's or withdrawal's status that was asked for. */
interface Transition {
  outcome: Outcome;
  lostOnce: boolean;
  action: DecisionAction | 'cancel';
}

/**
 * Once every lost call was tried again, the state holds exactly what was acknowledged: no
 * order, transfer, deposit, withdrawal or margin change more or fewer, each deposit and
 * withdrawal in the state its decisions made.
 */
function exactlyOnce(journal: Journal, state: Restarted, context: string): void {
  const ids = (values: Iterable<string>) => [...new Set(values)].sort();
  const answered = journal.calls.flatMap(answeredOrders).map((order) => order.id);
  expect(ids(state.orders.keys()), `${context}: orders`).toEqual(ids(answered));
  expect(
    ids(state.flows.filter((flow) => flow.ref_id.startsWith('TF')).map((flow) => flow.ref_id)),
    `${context}: transfers`,
  ).toEqual(
    ids(
      journal
        .ok(account.transfer.path)
        .map((call) => (call.data as { transfer_id: string }).transfer_id),
    ),
  );
  expect(ids(state.deposits.keys()), `${context}: deposits`).toEqual(
    ids(journal.ok(account.addRech.path).map((call) => (call.data as DepositRecord).id)),
  );
  expect(ids(state.withdrawals.keys()), `${context}: withdrawals`).toEqual(
    ids(journal.ok(account.addCash.path).map((call) => (call.data as WithdrawalRecord).id)),
  );
  // margin moves: one ledger entry each, of its amount, on its position
  const moves = state.transactions
    .filter((transaction) => transaction.ref_id.startsWith('CM'))
    .map((transaction) => {
      const frozen = transaction.postings.find((posting) => posting.account.endsWith(':frozen'));
      return `${transaction.ref_id.slice(2)} ${new Decimal(frozen?.amount ?? 0).toFixed()}`;
    })
    .sort();
  const made = journal
    .ok(contract.depositChange.path)
    .map((call) => {
      const amount = new Decimal(String(call.body['amount']));
      return `${String(call.body['position_id'])} ${(call.body['action'] === 'add' ? amount : amount.negated()).toFixed()}`;
    })
    .sort();
  expect(moves, `${context}: margin changes`).toEqual(made);

  // each deposit and withdrawal is in the state its acknowledged decisions made; a decision
  // whose answer was lost and whose retry was refused may have been the one that was made
  const transitions = (kind: Decision['kind'], id: string): Transition[] => [
    ...journal.decisions
      .filter((decision) => decision.kind === kind && decision.id === id)
      .map((decision): Transition => ({
        outcome: decision.outcome,
        lostOnce: decision.lostOnce,
        action: decision.action,
      })),
    ...(kind === 'deposit'
      ? journal.calls
          .filter((call) => call.path === account.cancelRech.path && call.body['id'] === id)
          .map((call): Transition => ({
            outcome: call.outcome,
            lostOnce: call.lostOnce,
            action: 'cancel',
          }))
      : []),
  ];
  const STATUS: Record<Transition['action'], string> = {
    approve: 'approved',
    reject: 'rejected',
    cancel: 'cancelled',
    pay: 'paid',
  };
  const expected = (kind: Decision['kind'], id: string): string[] => {
    const all = transitions(kind, id);
    const decided = (list: typeof all) => list.filter((item) => item.action !== 'pay');
    const done = decided(all).filter((item) => item.outcome === 'ok');
    const maybe = decided(all).filter((item) => item.outcome === 'refused' && item.lostOnce);
    const review =
      done.length > 0
        ? done.map((item) => STATUS[item.action])
        : maybe.map((item) => STATUS[item.action]);
    if (review.length === 0) return ['reviewing'];
    // paid: a payout acknowledged, or lost and then refused (as paid already)
    const paid = all.some(
      (item) => item.action === 'pay' && (item.outcome === 'ok' || item.lostOnce),
    );
    return review.includes('approved') && paid ? ['paid'] : review;
  };
  for (const row of state.deposits.values()) {
    const okDecisions = transitions('deposit', row.id).filter((item) => item.outcome === 'ok');
    expect(okDecisions.length, `${context}: deposit ${row.id} decided twice`).toBeLessThanOrEqual(
      1,
    );
    expect(expected('deposit', row.id), `${context}: deposit ${row.id}`).toContain(row.status);
    expect(row.credited_amount, `${context}: deposit ${row.id} credit`).toBe(
      row.status === 'approved' ? row.amount : '0',
    );
  }
  for (const row of state.withdrawals.values()) {
    expect(expected('withdrawal', row.id), `${context}: withdrawal ${row.id}`).toContain(
      row.status,
    );
  }
}
