import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { EngineError } from '../errors.ts';
import { refusalOf, userWorld } from '../users/testing.ts';
import { emptyCoreState } from '../state.ts';
import { START } from '../testing.ts';
import { SYSTEM_ACCOUNTS, userAccount } from './accounts.ts';
import { Ledger, LedgerInconsistency } from './ledger.ts';
import { wireAmount } from './money.ts';
import { Requests } from './requests.ts';

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
  });
});
