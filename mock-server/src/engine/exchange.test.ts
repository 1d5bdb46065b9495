/**
 * The exchange as a whole, where its parts meet: closing an account against what the domains
 * still hold, and a scenario load against the engine's own time.
 */
import { describe, expect, it } from 'vitest';
import { BTC, rid, START } from './contracts/testing.ts';
import { EngineError } from './errors.ts';
import { Exchange } from './exchange.ts';
import type { PasswordHasher } from './passwords.ts';
import { exchangeWorld, PASSWORD, plainHasher, rejectionOf } from './testing.ts';

const CLIENT = '203.0.113.7';

/** a market buy of 0.01 BTC at 10× on the user's current account, with a take profit */
const buy = (exchange: Exchange, userId: string, takeProfit = '') =>
  exchange.domains.contracts.addOrder(userId, {
    symbol_id: BTC,
    side: 'buy',
    type: 'market',
    price: '',
    quantity: '0.01',
    leverage_id: '4',
    take_profit: takeProfit,
    stop_loss: '',
    reduce_only: false,
    request_id: rid(),
  });

const codeFor = (exchange: Exchange, userId: string): string => {
  exchange.codes.sendToUser(userId, 'delete_account', 'en', CLIENT);
  const mail = exchange.live().mailbox.at(-1);
  if (!mail) throw new Error('no code mailed');
  return mail.code;
};

describe('closing an account', () => {
  it('is refused while a demo position is open, and the same code closes it once it is', async () => {
    const { exchange, ids } = await exchangeWorld({
      at: START,
      users: [
        { email: 'dee@example.com', password: PASSWORD, balances: { demo: { contract: '5000' } } },
      ],
    });
    const [dee = ''] = ids;
    exchange.market.setPrice(BTC, '60000', exchange.now());
    exchange.profile.setAccountMode(dee, 'demo');
    const order = buy(exchange, dee);
    exchange.profile.setAccountMode(dee, 'real');
    const code = codeFor(exchange, dee);
    const before = JSON.stringify(exchange.snapshot());

    const refused = await rejectionOf(() =>
      exchange.auth.deleteAccount(dee, { password: PASSWORD, code }),
    );
    expect(refused).toBeInstanceOf(EngineError);
    expect(refused).toMatchObject({ kind: 'refused', key: 'account_has_open' });
    // nothing moved, the code included
    expect(JSON.stringify(exchange.snapshot())).toBe(before);

    exchange.profile.setAccountMode(dee, 'demo');
    exchange.domains.contracts.allStop(dee, { request_id: rid() });
    expect(exchange.domains.contracts.positionRows(dee)[0]?.closed_at).not.toBeNull();
    await exchange.auth.deleteAccount(dee, { password: PASSWORD, code });
    expect(exchange.users.byEmail('dee@example.com')).toBeUndefined();
    expect(order.account_mode).toBe('demo');
  });

  it('is refused while a resting order waits, and while money is left on the real account', async () => {
    const { exchange, ids } = await exchangeWorld({
      at: START,
      users: [
        {
          email: 'eli@example.com',
          password: PASSWORD,
          balances: { real: { contract: '0.00000001' } },
        },
        {
          email: 'fay@example.com',
          password: PASSWORD,
          identity_status: 'verified',
          balances: { real: { contract: '5000' } },
        },
      ],
    });
    const [eli = '', fay = ''] = ids;
    // a wrong code is the answer to a wrong code, whatever the account holds
    const eliCode = codeFor(exchange, eli);
    expect(
      await rejectionOf(() =>
        exchange.auth.deleteAccount(eli, { password: PASSWORD, code: '000000' }),
      ),
    ).toMatchObject({ field: 'code', key: 'code_invalid' });
    expect(
      await rejectionOf(() =>
        exchange.auth.deleteAccount(eli, { password: PASSWORD, code: eliCode }),
      ),
    ).toMatchObject({ key: 'account_has_money' });

    exchange.market.setPrice(BTC, '60000', exchange.now());
    const resting = exchange.domains.contracts.addOrder(fay, {
      symbol_id: BTC,
      side: 'buy',
      type: 'limit',
      price: '50000',
      quantity: '0.01',
      leverage_id: '4',
      take_profit: '',
      stop_loss: '',
      reduce_only: false,
      request_id: rid(),
    });
    expect(resting.status).toBe('pending');
    const code = codeFor(exchange, fay);
    expect(
      await rejectionOf(() => exchange.auth.deleteAccount(fay, { password: PASSWORD, code })),
    ).toMatchObject({ key: 'account_has_open' });
    exchange.domains.contracts.cancelOrder(fay, { order_id: resting.id, request_id: rid() });
    // the order is gone; the money stays: still refused, for the money now
    expect(
      await rejectionOf(() => exchange.auth.deleteAccount(fay, { password: PASSWORD, code })),
    ).toMatchObject({ key: 'account_has_money' });
  });
});

describe('a scenario load', () => {
  /** scrypt stands in for: each hash waits until the test opens the gate */
  const gatedHasher = () => {
    let open: () => void = () => undefined;
    let gate = Promise.resolve();
    const hasher: PasswordHasher = {
      hash: async (password) => {
        await gate;
        return plainHasher.hash(password);
      },
      verify: (password, stored) => plainHasher.verify(password, stored),
    };
    return {
      hasher,
      close: () => {
        gate = new Promise((resolve) => {
          open = resolve;
        });
      },
      open: () => {
        open();
      },
    };
  };

  it('is one step: what runs while its passwords hash meets the old world whole', async () => {
    let wall = START;
    const gate = gatedHasher();
    const exchange = new Exchange({ seed: 7, hasher: gate.hasher, wall: () => wall });
    await exchange.loadScenario({
      name: 'before',
      users: [
        { email: 'gus@example.com', password: PASSWORD, balances: { demo: { contract: '5000' } } },
      ],
    });
    const [gus = ''] = Object.keys(exchange.live().users);
    exchange.market.setPrice(BTC, '60000', exchange.now());
    exchange.profile.setAccountMode(gus, 'demo');
    buy(exchange, gus, '61000');

    gate.close();
    const loading = exchange.loadScenario({
      name: 'after',
      users: [{ email: 'hal@example.com', password: PASSWORD }],
    });
    // the take profit's level is crossed while the load waits: the engine (its timer, a request)
    // settles the old world's position, its owner there with it
    exchange.market.setPrice(BTC, '61500', exchange.now());
    wall += 1000;
    expect(() => exchange.now()).not.toThrow();
    expect(exchange.domains.contracts.positionRows(gus)[0]?.closed_at).not.toBeNull();

    gate.open();
    await loading;
    expect(Object.values(exchange.live().users).map((user) => user.email)).toEqual([
      'hal@example.com',
    ]);
    expect(exchange.live().contracts.positions).toEqual([]);
    exchange.market.setPrice(BTC, '59000', exchange.now());
    wall += 1000;
    expect(() => exchange.now()).not.toThrow();
  });
});
