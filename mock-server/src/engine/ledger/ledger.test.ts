import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { EngineError } from '../errors.ts';
import { refusalOf, userWorld } from '../users/testing.ts';
import { emptyCoreState } from '../state.ts';
import { engineWorld, START } from '../testing.ts';
import { isKnownAccount, parseUserAccount, SYSTEM_ACCOUNTS, userAccount } from './accounts.ts';
import { Ledger, LedgerInconsistency } from './ledger.ts';
import { wireAmount } from './money.ts';
import { canonicalJson, Requests } from './requests.ts';

const sumOf = (balances: ReadonlyMap<string, Decimal>) =>
  [...balances.values()].reduce((sum, value) => sum.plus(value), new Decimal(0));

describe('the ledger', () => {
  it("books a new user's demo fund as a posting from the demo issuer, and nothing real", async () => {
    const world = userWorld();
    const user = await world.newUser('ann@example.com');
    expect(world.ledger.account(user.user_id, 'demo', 'fund').available.toFixed()).toBe('10000');
    expect(world.ledger.account(user.user_id, 'real', 'fund').available.isZero()).toBe(true);
    expect(world.ledger.balance(SYSTEM_ACCOUNTS.demoIssuer).toFixed()).toBe('-10000');
    expect(sumOf(world.ledger.balances()).isZero()).toBe(true);
    const [flow] = world.ledger.flows(user.user_id);
    expect(flow).toMatchObject({ kind: 'demo_topup', mode: 'demo', account: 'fund' });
    expect(flow?.balanceAfter.toFixed()).toBe('10000');
  });

  it("books a scenario's seeded real balances as adjustments from the outside world", async () => {
    const world = userWorld();
    const user = await world.newUser('bo@example.com', {
      balances: { real: { fund: '250.5', option: '10' } },
    });
    expect(world.ledger.account(user.user_id, 'real', 'fund').available.toFixed()).toBe('250.5');
    expect(world.ledger.account(user.user_id, 'real', 'option').available.toFixed()).toBe('10');
    expect(world.ledger.balance(SYSTEM_ACCOUNTS.externalIn).toFixed()).toBe('-260.5');
  });

  it('refuses a transaction that would take a user account below zero, and moves nothing', async () => {
    const world = userWorld();
    const user = await world.newUser('cy@example.com');
    const before = world.ledger.transactions().length;
    const refusal = refusalOf(() =>
      world.ledger.post({
        kind: 'transfer_out',
        ref_id: 'T1',
        postings: [
          { account: userAccount(user.user_id, 'demo', 'fund'), amount: '-10000.00000001' },
          { account: userAccount(user.user_id, 'demo', 'contract'), amount: '10000.00000001' },
        ],
      }),
    );
    expect(refusal).toBeInstanceOf(EngineError);
    expect(refusal).toMatchObject({ kind: 'refused', key: 'balance_insufficient' });
    expect(world.ledger.transactions()).toHaveLength(before);
    expect(world.ledger.account(user.user_id, 'demo', 'fund').available.toFixed()).toBe('10000');
  });

  it('refuses postings that do not sum to zero, or finer than 8 decimals', async () => {
    const world = userWorld();
    const user = await world.newUser('di@example.com');
    const account = userAccount(user.user_id, 'demo', 'fund');
    expect(() =>
      world.ledger.post({
        kind: 'adjustment',
        ref_id: 'X',
        postings: [
          { account, amount: '-1' },
          { account: SYSTEM_ACCOUNTS.fees, amount: '0.5' },
        ],
      }),
    ).toThrow(/does not balance/);
    expect(() =>
      world.ledger.post({
        kind: 'adjustment',
        ref_id: 'X',
        postings: [
          { account, amount: '-0.000000001' },
          { account: SYSTEM_ACCOUNTS.fees, amount: '0.000000001' },
        ],
      }),
    ).toThrow(/posting/);
  });

  it('shows a transfer as a transfer_out and a transfer_in, each naming the other account', async () => {
    const world = userWorld();
    const user = await world.newUser('ed@example.com');
    world.ledger.post({
      kind: 'transfer_out',
      ref_id: 'TF1',
      postings: [
        { account: userAccount(user.user_id, 'demo', 'fund'), amount: '-40' },
        {
          account: userAccount(user.user_id, 'demo', 'contract'),
          amount: '40',
          kind: 'transfer_in',
        },
      ],
    });
    const flows = world.ledger.flows(user.user_id).slice(-2);
    expect(
      flows.map((flow) => [flow.account, flow.kind, flow.amount.toFixed(), flow.peer]),
    ).toEqual([
      ['fund', 'transfer_out', '-40', 'contract'],
      ['contract', 'transfer_in', '40', 'fund'],
    ]);
    expect(flows.map((flow) => flow.balanceAfter.toFixed())).toEqual(['9960', '40']);
  });

  it('shows each line of one transaction with the running balance after itself, in the order they were booked', async () => {
    const world = userWorld();
    const user = await world.newUser('eg@example.com');
    const fund = userAccount(user.user_id, 'demo', 'fund');
    // a withdrawal paid out with its fee: two lines on the one fund account
    world.ledger.post({
      kind: 'withdraw',
      ref_id: 'WD1',
      postings: [
        { account: fund, amount: '-99' },
        { account: SYSTEM_ACCOUNTS.externalOut, amount: '99' },
        { account: fund, amount: '-1', kind: 'withdraw_fee' },
        { account: SYSTEM_ACCOUNTS.fees, amount: '1' },
      ],
    });
    const flows = world.ledger.flows(user.user_id).slice(-2);
    expect(
      flows.map((flow) => [flow.kind, flow.amount.toFixed(), flow.balanceAfter.toFixed()]),
    ).toEqual([
      ['withdraw', '-99', '9901'],
      ['withdraw_fee', '-1', '9900'],
    ]);
    // the same after the view is rebuilt from the entries
    world.reload();
    expect(
      world.ledger
        .flows(user.user_id)
        .slice(-2)
        .map((flow) => flow.balanceAfter.toFixed()),
    ).toEqual(['9901', '9900']);
  });

  it("runs a position close's PnL and fee in turn, its margin released within the one account", async () => {
    const world = userWorld();
    const user = await world.newUser('eh@example.com', {
      balances: { demo: { contract: '1000' } },
    });
    const available = userAccount(user.user_id, 'demo', 'contract');
    const frozen = userAccount(user.user_id, 'demo', 'contract', 'frozen');
    world.ledger.post({
      kind: 'trade_fee',
      ref_id: 'OPEN',
      postings: [
        { account: available, amount: '-100' },
        { account: frozen, amount: '100' },
      ],
    });
    world.ledger.post({
      kind: 'realized_pnl',
      ref_id: 'CLOSE',
      postings: [
        { account: frozen, amount: '-100' },
        { account: available, amount: '100' },
        { account: SYSTEM_ACCOUNTS.contractHouse, amount: '-50' },
        { account: available, amount: '50' },
        { account: available, amount: '-2', kind: 'trade_fee' },
        { account: SYSTEM_ACCOUNTS.fees, amount: '2', kind: 'trade_fee' },
      ],
    });
    const close = world.ledger.flows(user.user_id).filter((flow) => flow.refId === 'CLOSE');
    expect(
      close.map((flow) => [flow.kind, flow.amount.toFixed(), flow.balanceAfter.toFixed()]),
    ).toEqual([
      ['realized_pnl', '50', '1050'],
      ['trade_fee', '-2', '1048'],
    ]);
  });

  it('rebuilds the same balances from the entries', async () => {
    const world = userWorld();
    const user = await world.newUser('fa@example.com');
    world.ledger.check();
    world.reload();
    world.ledger.check();
    expect(world.ledger.account(user.user_id, 'demo', 'fund').available.toFixed()).toBe('10000');
  });
});

/**
 * `check`'s rules, one test each: a state that breaks that rule and no other (the entries are
 * changed behind the ledger's back, as a bad import or a hand-edited file would), so that leaving
 * out any one of the rules fails its test and only its test.
 */
/**
 * What a commit writes, exactly: the entry as stored, the ids, the fund-flow lines, the listeners
 * told and the owner asked to persist, and what it refuses whole.
 */
describe('a commit', () => {
  const ANN = userAccount('100001', 'demo', 'fund');
  const ANN_CONTRACT = userAccount('100001', 'demo', 'contract');
  const ANN_FROZEN = userAccount('100001', 'demo', 'contract', 'frozen');
  const ANN_REAL = userAccount('100001', 'real', 'fund');
  const ANN_REAL_CONTRACT = userAccount('100001', 'real', 'contract');
  const BO_CONTRACT = userAccount('100002', 'demo', 'contract');
  const BO = userAccount('100002', 'demo', 'fund');

  /** a ledger on its own state, 100 issued to ann; counts the owner's `changed` calls */
  function fresh() {
    const world = engineWorld();
    world.ledger.post({
      kind: 'demo_topup',
      ref_id: 'ISSUE',
      postings: [
        { account: SYSTEM_ACCOUNTS.demoIssuer, amount: '-100' },
        { account: ANN, amount: '100' },
      ],
    });
    return {
      ledger: world.ledger,
      changes: () => world.changes,
      state: () => world.state,
      replace: world.load,
    };
  }
  const move = (from: string, to: string, amount: string, ref = 'M') => ({
    kind: 'adjustment' as const,
    ref_id: ref,
    postings: [
      { account: from, amount: `-${amount}` },
      { account: to, amount },
    ],
  });

  it('stores the entry as given: amounts as plain strings, a kind only where one was given, the remark or ""', () => {
    const { ledger, state } = fresh();
    const made = ledger.post({
      kind: 'transfer_out',
      ref_id: 'TF',
      remark: 'to trade',
      postings: [
        { account: ANN, amount: '-10.50' },
        { account: ANN_CONTRACT, amount: '10.5', kind: 'transfer_in' },
      ],
    });
    expect(made).toEqual({
      id: 2,
      kind: 'transfer_out',
      ref_id: 'TF',
      remark: 'to trade',
      time: START,
      postings: [
        { account: ANN, amount: '-10.5' },
        { account: ANN_CONTRACT, amount: '10.5', kind: 'transfer_in' },
      ],
    });
    expect(state().ledger.transactions.at(-1)).toEqual(made);
    expect(Object.keys(made.postings[0] ?? {})).toEqual(['account', 'amount']);
    expect(ledger.post(move(ANN, BO, '1')).remark).toBe('');
  });

  it('numbers the transactions of one commit in order, and the next commit after them', () => {
    const { ledger, state } = fresh();
    const made = ledger.commit([move(ANN, BO, '1', 'A'), move(ANN, BO, '2', 'B')]);
    expect(made.map((transaction) => [transaction.id, transaction.ref_id])).toEqual([
      [2, 'A'],
      [3, 'B'],
    ]);
    expect(state().ledger.next_tx_id).toBe(4);
    expect(ledger.post(move(ANN, BO, '3')).id).toBe(4);
    expect(ledger.balance(BO).toFixed()).toBe('6');
  });

  it('tells its listeners what it committed, asks the owner to persist, and neither on a refusal', () => {
    const { ledger, changes } = fresh();
    const heard: string[][] = [];
    const stop = ledger.onCommit((transactions) =>
      heard.push(transactions.map((transaction) => transaction.ref_id)),
    );
    const before = changes();
    ledger.commit([move(ANN, BO, '1', 'A'), move(ANN, BO, '2', 'B')]);
    expect(heard).toEqual([['A', 'B']]);
    expect(changes()).toBe(before + 1);
    expect(refusalOf(() => ledger.post(move(BO, ANN, '3.00000001', 'C')))).toMatchObject({
      key: 'balance_insufficient',
    });
    expect(heard).toEqual([['A', 'B']]);
    expect(changes()).toBe(before + 1);
    stop();
    ledger.post(move(ANN, BO, '1', 'D'));
    expect(heard).toEqual([['A', 'B']]);
  });

  it('refuses a whole commit when its later transaction fails, keeping the earlier one out too', () => {
    const { ledger, state } = fresh();
    const before = structuredClone(state().ledger);
    expect(() =>
      ledger.commit([move(ANN, BO, '60', 'A'), move(ANN, BO, '40.00000001', 'B')]),
    ).toThrow(EngineError);
    expect(state().ledger).toEqual(before);
    expect(ledger.balance(ANN).toFixed()).toBe('100');
    expect(ledger.balance(BO).toFixed()).toBe('0');
  });

  it.each([
    [
      'a zero posting',
      [
        { account: ANN, amount: '0' },
        { account: BO, amount: '0' },
      ],
      /posting of 0 to/,
    ],
    [
      'an infinite posting',
      [
        { account: ANN, amount: '-Infinity' },
        { account: BO, amount: 'Infinity' },
      ],
      /posting of -Infinity/,
    ],
    [
      'a posting that is not a number',
      [
        { account: ANN, amount: 'NaN' },
        { account: BO, amount: '1' },
      ],
      /posting of NaN/,
    ],
    [
      'an account nobody knows',
      [
        { account: ANN, amount: '-1' },
        { account: 'sys:nowhere', amount: '1' },
      ],
      /^ledger: unknown account sys:nowhere$/,
    ],
    [
      'a user account with a part missing',
      [
        { account: ANN, amount: '-1' },
        { account: 'user:100002:demo:fund', amount: '1' },
      ],
      /unknown account user:100002:demo:fund$/,
    ],
    ['no postings at all', [], /^ledger: transaction adjustment X does not balance$/],
  ])('refuses %s and writes nothing', (_name, postings, message) => {
    const { ledger, state, changes } = fresh();
    const before = structuredClone(state().ledger);
    const changed = changes();
    expect(() => ledger.post({ kind: 'adjustment', ref_id: 'X', postings })).toThrow(message);
    expect(state().ledger).toEqual(before);
    expect(changes()).toBe(changed);
  });

  it("reads another state's balances once a load replaces the state, even with as many entries", () => {
    const { ledger, replace } = fresh();
    expect(ledger.balance(ANN).toFixed()).toBe('100');
    const other = emptyCoreState(8, 'other');
    other.ledger.transactions.push({
      id: 1,
      kind: 'demo_topup',
      ref_id: 'ISSUE',
      remark: '',
      time: START,
      postings: [
        { account: SYSTEM_ACCOUNTS.demoIssuer, amount: '-7' },
        { account: BO, amount: '7' },
      ],
    });
    other.ledger.next_tx_id = 2;
    replace(other);
    expect(ledger.balance(ANN).toFixed()).toBe('0');
    expect(ledger.balance(BO).toFixed()).toBe('7');
    expect(ledger.flows('100001')).toEqual([]);
  });

  it('has no fund flows for a user the ledger never saw', () => {
    const { ledger } = fresh();
    expect(ledger.flows('999999')).toEqual([]);
  });

  it('numbers the fund-flow lines transaction.line, and merges lines of one account and kind', () => {
    const { ledger } = fresh();
    const made = ledger.post({
      kind: 'withdraw',
      ref_id: 'WD',
      postings: [
        { account: ANN, amount: '-30' },
        { account: ANN, amount: '-9' },
        { account: SYSTEM_ACCOUNTS.externalOut, amount: '39' },
        { account: ANN, amount: '-1', kind: 'withdraw_fee' },
        { account: SYSTEM_ACCOUNTS.fees, amount: '1' },
      ],
    });
    const lines = ledger.flows('100001').filter((flow) => flow.refId === 'WD');
    expect(
      lines.map((flow) => [flow.id, flow.kind, flow.amount.toFixed(), flow.balanceAfter.toFixed()]),
    ).toEqual([
      [`${String(made.id)}.0`, 'withdraw', '-39', '61'],
      [`${String(made.id)}.1`, 'withdraw_fee', '-1', '60'],
    ]);
  });

  it('shows no line for an account a transaction moved to and fro by the same amount', () => {
    const { ledger } = fresh();
    ledger.post({
      kind: 'adjustment',
      ref_id: 'TOFRO',
      postings: [
        { account: ANN, amount: '-5' },
        { account: ANN, amount: '5' },
        { account: BO, amount: '2' },
        { account: SYSTEM_ACCOUNTS.fees, amount: '-2' },
      ],
    });
    const lines = [...ledger.flows('100001'), ...ledger.flows('100002')].filter(
      (flow) => flow.refId === 'TOFRO',
    );
    expect(lines.map((flow) => [flow.userId, flow.amount.toFixed()])).toEqual([['100002', '2']]);
  });

  it("names a peer only for another account of the same user and mode: never another user's, never the other mode's", () => {
    const { ledger } = fresh();
    ledger.post(move(ANN, BO, '10', 'TO-BO'));
    ledger.post({
      kind: 'adjustment',
      ref_id: 'TO-REAL',
      postings: [
        { account: ANN, amount: '-10' },
        { account: ANN_REAL, amount: '10' },
      ],
    });
    ledger.post(move(ANN, ANN_CONTRACT, '10', 'TO-CONTRACT'));
    // another kind of account, but another user's, or the other mode's: still no peer
    ledger.post(move(ANN, BO_CONTRACT, '10', 'TO-BO-CONTRACT'));
    ledger.post(move(ANN, ANN_REAL_CONTRACT, '10', 'TO-REAL-CONTRACT'));
    const peers = [...ledger.flows('100001'), ...ledger.flows('100002')]
      .filter((flow) => flow.refId.startsWith('TO-'))
      .map((flow) => [flow.refId, flow.userId, flow.mode, flow.account, flow.peer]);
    expect(peers).toEqual([
      ['TO-BO', '100001', 'demo', 'fund', null],
      ['TO-REAL', '100001', 'demo', 'fund', null],
      ['TO-REAL', '100001', 'real', 'fund', null],
      ['TO-CONTRACT', '100001', 'demo', 'fund', 'contract'],
      ['TO-CONTRACT', '100001', 'demo', 'contract', 'fund'],
      ['TO-BO-CONTRACT', '100001', 'demo', 'fund', null],
      ['TO-REAL-CONTRACT', '100001', 'demo', 'fund', null],
      ['TO-REAL-CONTRACT', '100001', 'real', 'contract', null],
      ['TO-BO', '100002', 'demo', 'fund', null],
      ['TO-BO-CONTRACT', '100002', 'demo', 'contract', null],
    ]);
  });

  it("counts an account's frozen part in the balance a line shows after itself", () => {
    const { ledger } = fresh();
    ledger.post(move(ANN, ANN_CONTRACT, '50', 'IN'));
    ledger.post(move(ANN_CONTRACT, ANN_FROZEN, '20', 'HOLD'));
    ledger.post({
      kind: 'trade_fee',
      ref_id: 'FEE',
      postings: [
        { account: ANN_CONTRACT, amount: '-3' },
        { account: SYSTEM_ACCOUNTS.fees, amount: '3' },
      ],
    });
    const fee = ledger.flows('100001').find((flow) => flow.refId === 'FEE');
    // 50 in the contract account, 20 of it frozen: 47 after the fee, not 27
    expect(fee?.balanceAfter.toFixed()).toBe('47');
    const account = ledger.account('100001', 'demo', 'contract');
    expect([account.available.toFixed(), account.frozen.toFixed()]).toEqual(['27', '20']);
  });
});

describe('account ids', () => {
  it('reads a user account id of exactly five parts, starting with user', () => {
    expect(parseUserAccount('user:100001:real:option:frozen')).toEqual({
      userId: '100001',
      mode: 'real',
      kind: 'option',
      part: 'frozen',
    });
    expect(parseUserAccount('user:100001:real:option')).toBeNull();
    expect(parseUserAccount('user:100001:real:option:frozen:x')).toBeNull();
    expect(parseUserAccount('team:100001:real:option:frozen')).toBeNull();
    expect(parseUserAccount(SYSTEM_ACCOUNTS.fees)).toBeNull();
  });

  it('knows the system accounts and well-formed user accounts, and nothing else', () => {
    expect(isKnownAccount(SYSTEM_ACCOUNTS.gameHouse)).toBe(true);
    expect(isKnownAccount(userAccount('1', 'demo', 'fund'))).toBe(true);
    expect(isKnownAccount('sys:game_housee')).toBe(false);
    expect(isKnownAccount('user:1:demo')).toBe(false);
  });
});

describe('the ledger check', () => {
  const ANN = userAccount('100001', 'demo', 'fund');
  const BO = userAccount('100002', 'demo', 'fund');

  /** 100 issued to ann, 50 of it passed on to bo: consistent, and checked so */
  function consistent() {
    const state = emptyCoreState(7, 'test');
    const ledger = new Ledger({ state: () => state, now: () => START, changed: () => {} });
    ledger.post({
      kind: 'demo_topup',
      ref_id: 'ISSUE',
      postings: [
        { account: SYSTEM_ACCOUNTS.demoIssuer, amount: '-100' },
        { account: ANN, amount: '100' },
      ],
    });
    ledger.post({
      kind: 'adjustment',
      ref_id: 'PASS',
      postings: [
        { account: ANN, amount: '-50' },
        { account: BO, amount: '50' },
      ],
    });
    ledger.check();
    /** appends an entry as it is, past `commit`'s checks */
    const append = (postings: { account: string; amount: string }[]) => {
      state.ledger.transactions.push({
        id: state.ledger.next_tx_id++,
        kind: 'adjustment',
        ref_id: 'BEHIND',
        remark: '',
        time: START,
        postings,
      });
    };
    return { state, ledger, append };
  }

  /** what `check` throws, or null when it passes */
  const brokenRule = (
    ledger: Ledger,
    stored?: ReadonlyMap<string, Decimal>,
  ): LedgerInconsistency | null => {
    try {
      ledger.check(stored);
    } catch (error) {
      if (error instanceof LedgerInconsistency) return error;
      throw error;
    }
    return null;
  };

  it('passes a consistent ledger', () => {
    const { ledger } = consistent();
    expect(brokenRule(ledger, new Map(ledger.balances()))).toBeNull();
  });

  it('live equals rebuilt: notices an entry changed under the balances it kept', () => {
    const { state, ledger } = consistent();
    // the pass becomes 30: still zero-sum, nobody negative, but the kept balances say 50
    const pass = state.ledger.transactions[1];
    if (!pass) throw new Error('no pass');
    pass.postings = [
      { account: ANN, amount: '-30' },
      { account: BO, amount: '30' },
    ];
    const error = brokenRule(ledger);
    expect(error?.rule).toBe('live equals rebuilt');
    expect(error?.message).toBe(
      `live equals rebuilt: live balance of ${ANN} is 50, the entries make 70`,
    );
    // rebuilt from the entries, the ledger keeps every other rule
    ledger.invalidate();
    expect(brokenRule(ledger)).toBeNull();
  });

  it('stored equals rebuilt: notices balances kept elsewhere that differ from the entries', () => {
    const { ledger } = consistent();
    const stored = new Map(ledger.balances());
    stored.set(ANN, new Decimal('49.99999999'));
    const error = brokenRule(ledger, stored);
    expect(error?.rule).toBe('stored equals rebuilt');
    expect(error?.message).toBe(
      `stored equals rebuilt: stored balance of ${ANN} is 49.99999999, the entries make 50`,
    );
    expect(brokenRule(ledger)).toBeNull();
  });

  it('no negative user account: notices a user account taken below zero', () => {
    const { ledger, append } = consistent();
    // bo pays 50.00000001 of his 50 in fees: zero-sum, rebuilt alike, bo at −0.00000001
    append([
      { account: BO, amount: '-50.00000001' },
      { account: SYSTEM_ACCOUNTS.fees, amount: '50.00000001' },
    ]);
    const error = brokenRule(ledger);
    expect(error?.rule).toBe('no negative user account');
    expect(error?.message).toBe(`no negative user account: ${BO} is negative: -0.00000001`);
    // a system account may go below zero
    expect(ledger.balance(SYSTEM_ACCOUNTS.demoIssuer).toFixed()).toBe('-100');
  });

  it('sums to zero: notices an entry that makes money from nothing', () => {
    const { ledger, append } = consistent();
    // one posting alone: rebuilt alike, nobody negative, but the books are 0.00000001 over
    append([{ account: SYSTEM_ACCOUNTS.fees, amount: '0.00000001' }]);
    const error = brokenRule(ledger);
    expect(error?.rule).toBe('sums to zero');
    expect(error?.name).toBe('LedgerInconsistency');
    expect(error?.message).toBe('sums to zero: the balances sum to 0.00000001');
  });
});

describe('request ids', () => {
  it('replays the first answer to the same id and body, and refuses the id with another body', async () => {
    const world = userWorld();
    const requests = new Requests(world.store);
    let runs = 0;
    const call = (amount: string) =>
      requests.once('100001', 'transfer', { request_id: 'abcdefghijklmnop', amount }, () => {
        runs += 1;
        return { moved: amount, run: runs };
      });
    expect(call('5')).toEqual({ moved: '5', run: 1 });
    expect(call('5')).toEqual({ moved: '5', run: 1 });
    expect(runs).toBe(1);
    expect(refusalOf(() => call('6'))).toMatchObject({
      kind: 'conflict',
      key: 'request_id_reused',
    });
    expect(runs).toBe(1);
    await Promise.resolve();
  });

  it('treats a body with its fields in another order as the same, and keeps the answer per user and call', () => {
    const world = engineWorld();
    const { requests } = world;
    let runs = 0;
    const run = () => ({ run: ++runs });
    const id = 'abcdefghijklmnop';
    expect(requests.once('1', 'transfer', { request_id: id, a: '1', b: '2' }, run)).toEqual({
      run: 1,
    });
    expect(world.changes).toBe(1);
    expect(world.state.requests[`1:${id}`]).toMatchObject({
      user_id: '1',
      request_id: id,
      operation: 'transfer',
      at: START,
    });
    expect(requests.once('1', 'transfer', { b: '2', request_id: id, a: '1' }, run)).toEqual({
      run: 1,
    });
    expect(world.changes).toBe(1);
    // another user's id is another intent; another call with the same id and body is a reuse
    expect(requests.once('2', 'transfer', { request_id: id, a: '1', b: '2' }, run)).toEqual({
      run: 2,
    });
    expect(
      refusalOf(() => requests.once('1', 'withdraw', { request_id: id, a: '1', b: '2' }, run)),
    ).toMatchObject({ key: 'request_id_reused' });
    // a field that differs only by nesting or value is another body
    expect(
      refusalOf(() =>
        requests.once('1', 'transfer', { request_id: id, a: '1', b: '2', c: {} }, run),
      ),
    ).toMatchObject({ key: 'request_id_reused' });
    // the kept answer is a copy: changing what was returned does not change the replay
    const first = requests.once('3', 'x', { request_id: id }, () => ({ list: [1] }));
    first.list.push(2);
    expect(requests.once('3', 'x', { request_id: id }, () => ({ list: [9] }))).toEqual({
      list: [1],
    });
    world.load(emptyCoreState(7, 'test'));
    expect(requests.once('1', 'transfer', { request_id: id, a: '1', b: '2' }, run)).toEqual({
      run: 3,
    });
  });

  it('keeps no refusal: the same intent may succeed once it can', () => {
    const world = userWorld();
    const requests = new Requests(world.store);
    let allowed = false;
    const call = () =>
      requests.once('100001', 'addCash', { request_id: 'qrstuvwxyz012345' }, () => {
        if (!allowed) throw new EngineError('refused', 'balance_insufficient');
        return { ok: true };
      });
    expect(refusalOf(call)).toBeInstanceOf(EngineError);
    allowed = true;
    expect(call()).toEqual({ ok: true });
  });
});

describe('wire amounts', () => {
  it('writes at least two decimals and at most eight', () => {
    expect(wireAmount('100000')).toBe('100000.00');
    expect(wireAmount('0.12345678')).toBe('0.12345678');
    expect(wireAmount('-0')).toBe('0.00');
    expect(wireAmount('1.5')).toBe('1.50');
    expect(wireAmount('-12.345')).toBe('-12.345');
  });

  it('cuts past the eighth decimal towards zero, with no zeros the cut left behind', () => {
    expect(wireAmount('0.123456789')).toBe('0.12345678');
    expect(wireAmount('-1.999999999')).toBe('-1.99999999');
    expect(wireAmount('1.100000001')).toBe('1.10');
    expect(wireAmount('-0.000000001')).toBe('0.00');
  });
});

describe('canonical JSON', () => {
  it('writes keys sorted at every depth, drops undefined fields, keeps arrays in order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: null, y: 'x' }], c: undefined } })).toBe(
      '{"a":{"d":[3,{"y":"x","z":null}]},"b":1}',
    );
    expect(canonicalJson({ B: 1, a: 2, _: 3 })).toBe('{"B":1,"_":3,"a":2}');
    expect(canonicalJson(undefined)).toBe('null');
    expect(canonicalJson([undefined, 'a'])).toBe('[null,"a"]');
    expect(canonicalJson('1.50')).toBe('"1.50"');
  });
});
