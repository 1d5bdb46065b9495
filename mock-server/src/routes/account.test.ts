import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ControlClient } from '../control/client.ts';
import { call, PASSWORD, registerUser, testApp } from '../test/wire.ts';

/**
 * The money calls over the wire, one app for the file: deposits with the obtaining step and
 * reviews, withdrawals frozen until reviewed, transfers, the demo top-up, request-id replays, and
 * the team.
 */
let app: FastifyInstance;
let control: ControlClient;
let token: string;
let email: string;
let serial = 0;
beforeAll(async () => {
  app = await testApp({ depositAccountDelayMs: 60_000 });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  control = new ControlClient(origin);
});
afterAll(async () => {
  await app.close();
});
beforeEach(async () => {
  serial += 1;
  email = `payer${String(serial)}@example.com`;
  ({ token } = await registerUser(app, email));
});

const as = <T = Record<string, unknown>>(path: string, body: Record<string, unknown> = {}) =>
  call<T>(app, path, body, { token });
const rid = (name: string) => `${name}-${String(serial)}-0000000000000`.slice(0, 40);

interface Balance {
  account: string;
  available: string;
  frozen: string;
  total: string;
}
const fundOf = async () =>
  (await as<{ list: Balance[] }>('/api/account/index')).data.list.find(
    (item) => item.account === 'fund',
  );

/** a deposit account made ready (the clock moved past the delay) and a deposit under review */
async function deposit(amount: string, id = rid('dep')) {
  const pending = await as<{ status: string }>('/api/account/getRechInfo', {
    method: 'usdt',
    network: 'TRC20',
  });
  expect(pending.data.status).toBe('pending');
  await control.advance(60_000);
  const ready = await as<{ status: string; wallet: { address: string } }>(
    '/api/account/getRechInfo',
    { method: 'usdt', network: 'TRC20' },
  );
  expect(ready.data.status).toBe('ready');
  expect(ready.data.wallet.address).toMatch(/^T/);
  return as<{ id: string; status: string }>('/api/account/addRech', {
    request_id: id,
    method: 'usdt',
    network: 'TRC20',
    amount,
    tx_hash: 'ab'.repeat(32),
  });
}

/** 1 000 USDT deposited and approved, the identity verified and a TRC20 wallet bound */
async function readyToWithdraw() {
  const made = await deposit('1000');
  await control.reviewDeposit({ id: made.data.id, decision: 'approve' });
  const user = app.exchange.users.byEmail(email);
  if (!user) throw new Error('no user');
  user.identity_status = 'verified';
  await as('/api/users/setUserWallet', {
    network: 'TRC20',
    address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf',
  });
}

describe('deposits', () => {
  it("refuses a USDT deposit whose hash is not its network's, naming the field, and keeps nothing", async () => {
    for (const [network, tx_hash, reason] of [
      ['TRC20', 'sent on Monday', 'This is not a transaction hash of the selected network'],
      ['ERC20', 'ab'.repeat(32), 'This transaction hash belongs to the other network'],
    ] as const) {
      const refused = await as('/api/account/addRech', {
        request_id: rid(`hash-${network}`),
        method: 'usdt',
        network,
        amount: '100',
        tx_hash,
      });
      expect(refused.code).toBe(400);
      expect(refused.msg).toBe(`tx_hash: ${reason}`);
    }
    expect((await control.deposits()).length).toBe(0);
  });

  it('obtains the account (an e-mail follows), then credits an approved deposit once', async () => {
    const early = await as('/api/account/addRech', {
      request_id: rid('early'),
      method: 'usdt',
      network: 'TRC20',
      amount: '100',
      tx_hash: 'ab'.repeat(32),
    });
    expect(early.code).toBe(500);
    const made = await deposit('100');
    expect(made.data.status).toBe('reviewing');
    expect((await control.mailbox({ to: email, purpose: 'deposit_account' })).length).toBe(1);
    // a retry of the same intent gives the same deposit, not a second one
    const again = await as<{ id: string }>('/api/account/addRech', {
      request_id: rid('dep'),
      method: 'usdt',
      network: 'TRC20',
      amount: '100',
      tx_hash: 'ab'.repeat(32),
    });
    expect(again.data.id).toBe(made.data.id);
    const reused = await as('/api/account/addRech', {
      request_id: rid('dep'),
      method: 'usdt',
      network: 'TRC20',
      amount: '200',
      tx_hash: 'ab'.repeat(32),
    });
    expect(reused.code).toBe(409);
    expect(reused.msg).toMatch(/different details/);
    expect((await fundOf())?.available).toBe('0.00');
    await control.reviewDeposit({ id: made.data.id, decision: 'approve' });
    expect((await fundOf())?.available).toBe('100.00');
    const log = await as<{ list: { status: string; credited_amount: string }[] }>(
      '/api/account/rechlog',
    );
    expect(log.data.list[0]).toMatchObject({ status: 'approved', credited_amount: '100.00' });
  });

  it('shows a rejected deposit with its reason, and a cancelled one; neither credits', async () => {
    const rejected = await deposit('50', rid('rej'));
    await control.reviewDeposit({ id: rejected.data.id, decision: 'reject', reason: 'No funds' });
    const cancelled = await as<{ id: string }>('/api/account/addRech', {
      request_id: rid('can'),
      method: 'usdt',
      network: 'TRC20',
      amount: '60',
      tx_hash: 'cd'.repeat(32),
    });
    const cancel = await as<{ status: string }>('/api/account/cancelRech', {
      id: cancelled.data.id,
      request_id: rid('cancel'),
    });
    expect(cancel.data.status).toBe('cancelled');
    const late = await as('/api/account/cancelRech', {
      id: rejected.data.id,
      request_id: rid('late'),
    });
    expect(late.code).toBe(500);
    const log = await as<{ list: { status: string; reject_reason: string }[] }>(
      '/api/account/rechlog',
    );
    expect(log.data.list.map((row) => [row.status, row.reject_reason])).toEqual([
      ['cancelled', ''],
      ['rejected', 'No funds'],
    ]);
    expect((await fundOf())?.available).toBe('0.00');
  });
});

describe('bank deposit proofs', () => {
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  const bankDeposit = (image: string, id: string, language = 'en') =>
    call<{ id: string; proof_image: string }>(
      app,
      '/api/account/addRech',
      { request_id: rid(id), method: 'bank', amount: '100', currency: 'USD', proof_image: image },
      { token, language },
    );

  it('keeps the proof image and serves it at its unguessable path, for the review too', async () => {
    await as('/api/account/getRechInfo', { method: 'bank' });
    await control.advance(60_000);
    const made = await bankDeposit(`data:image/png;base64,${PNG.toString('base64')}`, 'proof');
    expect(made.code).toBe(200);
    const path = made.data.proof_image;
    expect(path).toMatch(/^\/uploads\/deposits\/[A-Za-z0-9_-]{24}\.png$/);
    const log = await as<{ list: { proof_image: string }[] }>('/api/account/rechlog');
    expect(log.data.list[0]?.proof_image).toBe(path);

    const image = await app.inject({ method: 'GET', url: path });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    for (const url of [
      path.replace('.png', '.jpg'),
      `/uploads/deposits/${made.data.id}.img`,
      '/uploads/deposits/AAAAAAAAAAAAAAAAAAAAAAAA.png',
    ]) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }

    const review = await app.inject({
      method: 'GET',
      url: '/__control/deposits?status=reviewing',
    });
    const row = review
      .json<{ list: { id: string; email: string; proof_url: string | null }[] }>()
      .list.find((item) => item.id === made.data.id);
    expect(row?.email).toBe(email);
    expect(row?.proof_url).toMatch(new RegExp(`^http://[^/]+${path}$`));
    expect((await control.deposits({ status: 'reviewing' })).map((item) => item.id)).toContain(
      made.data.id,
    );
  });

  it('refuses a proof that is not the image it says, in the caller’s language', async () => {
    await as('/api/account/getRechInfo', { method: 'bank' });
    await control.advance(60_000);
    const fake = `data:image/jpeg;base64,${PNG.toString('base64')}`;
    const refused = await bankDeposit(fake, 'fake');
    expect(refused.code).toBe(400);
    expect(refused.msg).toBe('proof_image: must be a JPEG, PNG or WebP image');
    const german = await bankDeposit(fake, 'fake-de', 'de');
    expect(german.msg).toMatch(/^proof_image: muss ein JPEG-/);
    // over 512 KB decoded, yet under the request schema's 700 000 characters
    const large = `data:image/png;base64,${Buffer.concat([PNG, Buffer.alloc(512 * 1024)]).toString('base64')}`;
    expect((await bankDeposit(large, 'large')).msg).toBe(
      'proof_image: the image must be at most 512 KB',
    );
    expect((await as<{ total: number }>('/api/account/rechlog')).data.total).toBe(0);
  });
});

describe('withdrawals', () => {
  it('is refused without identity, then without a bound target', async () => {
    const body = { request_id: rid('w'), method: 'usdt', amount: '30', password: PASSWORD };
    const unverified = await as('/api/account/addCash', body);
    expect(unverified.code).toBe(500);
    expect(unverified.msg).toMatch(/identity verification/);
    const user = app.exchange.users.byEmail(email);
    if (!user) throw new Error('no user');
    user.identity_status = 'verified';
    const unbound = await as('/api/account/addCash', body);
    expect(unbound.msg).toMatch(/Bind a bank account/);
  });

  it('freezes the amount, then debits it with the fee on approval or releases it on rejection', async () => {
    await readyToWithdraw();
    const wrong = await as('/api/account/addCash', {
      request_id: rid('wx'),
      method: 'usdt',
      amount: '100',
      password: 'Wrong1234',
    });
    expect(wrong.code).not.toBe(200);
    // the login password confirms a withdrawal, and the message names it
    expect(wrong.msg).toBe('password: The login password is incorrect');
    const wrongDe = await call(
      app,
      '/api/account/addCash',
      { request_id: rid('wy'), method: 'usdt', amount: '100', password: 'Wrong1234' },
      { token, language: 'de' },
    );
    expect(wrongDe.msg).toBe('password: Das Anmeldepasswort ist falsch');
    const first = await as<{ id: string; fee: string; received_amount: string }>(
      '/api/account/addCash',
      { request_id: rid('w1'), method: 'usdt', amount: '100', password: PASSWORD },
    );
    expect(first.data).toMatchObject({ fee: '1.00', received_amount: '99.00' });
    expect(await fundOf()).toMatchObject({ available: '900.00', frozen: '100.00' });
    await control.reviewWithdrawal({ id: first.data.id, decision: 'approve' });
    expect(await fundOf()).toMatchObject({ available: '900.00', frozen: '0.00', total: '900.00' });

    const second = await as<{ id: string }>('/api/account/addCash', {
      request_id: rid('w2'),
      method: 'usdt',
      amount: '200',
      password: PASSWORD,
    });
    await control.reviewWithdrawal({ id: second.data.id, decision: 'reject', reason: 'Mismatch' });
    expect(await fundOf()).toMatchObject({ available: '900.00', frozen: '0.00' });
    // the approved one's payout goes out; a rejected one has none to send
    const paid = await app.inject({
      method: 'POST',
      url: '/__control/withdrawals/pay',
      payload: { id: first.data.id },
    });
    expect(paid.json()).toMatchObject({ id: first.data.id, status: 'paid' });
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/__control/withdrawals/pay',
          payload: { id: second.data.id },
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/__control/withdrawals/pay',
          payload: { id: '999999' },
        })
      ).statusCode,
    ).toBe(404);
    const log = await as<{
      list: { status: string; reject_reason: string; paid_at: number | null }[];
    }>('/api/account/cashlog');
    expect(log.data.list.map((row) => row.status)).toEqual(['rejected', 'paid']);
    expect(log.data.list[1]?.paid_at).toBe(paid.json<{ paid_at: number }>().paid_at);
    expect(log.data.list[0]?.paid_at).toBeNull();
    const info = await as<{ available: string; fee_rate: string }>('/api/account/cashInfo');
    expect(info.data).toMatchObject({ available: '900.00', fee_rate: '0.01' });
    app.exchange.ledger.check();
  });
});

describe('money calls from a demo session', () => {
  it('refuses a withdrawal and a deposit in the caller’s language, and changes nothing at all', async () => {
    await readyToWithdraw();
    await as('/api/users/changeMock', { account_mode: 'demo' });
    // everything but the sessions, whose expiry slides with every call
    const state = () => ({ ...structuredClone(app.exchange.live()), sessions: {} });
    const before = state();
    const body = { request_id: rid('wd'), method: 'usdt', amount: '50', password: PASSWORD };
    const refused = await as('/api/account/addCash', body);
    expect(refused.code).toBe(500);
    expect(refused.msg).toBe(
      'Withdrawals leave the real account only: switch to the real account to withdraw',
    );
    const german = await call(app, '/api/account/addCash', body, { token, language: 'de' });
    expect(german.msg).toMatch(/Echtgeldkonto/);
    const declared = await as('/api/account/addRech', {
      request_id: rid('dd'),
      method: 'usdt',
      network: 'TRC20',
      amount: '100',
      currency: 'USDT',
      tx_hash: 'ab'.repeat(32),
      remark: '',
    });
    expect(declared.msg).toMatch(/top up play money/);
    expect(state()).toEqual(before);
    // a record says the account it moved, whatever the switch says now
    const records = await as<{ list: { account_mode: string }[] }>('/api/account/rechlog');
    expect(records.data.list.map((row) => row.account_mode)).toEqual(['real']);
    await as('/api/users/changeMock', { account_mode: 'real' });
    expect(await fundOf()).toMatchObject({ available: '1000.00', frozen: '0.00' });
  });
});

describe('transfers and the demo', () => {
  it('moves money between two accounts of the current mode once, and lists both flows', async () => {
    await as('/api/users/changeMock', { account_mode: 'demo' });
    const body = { from: 'fund', to: 'option', amount: '250.5', request_id: rid('t') };
    const moved = await as<{ from: Balance; to: Balance }>('/api/account/transfer', body);
    expect(moved.data.from.available).toBe('99749.50');
    expect(moved.data.to.available).toBe('250.50');
    expect((await as('/api/account/transfer', body)).data).toEqual(moved.data);
    const over = await as('/api/account/transfer', {
      ...body,
      request_id: rid('t2'),
      amount: '1e9',
    });
    expect(over.code).toBe(400);
    const short = await as('/api/account/transfer', {
      ...body,
      request_id: rid('t3'),
      amount: '100000',
    });
    expect(short.msg).toMatch(/Insufficient/);
    const flows = await as<{ list: { kind: string; amount: string }[] }>('/api/account/list', {
      kinds: ['transfer_in', 'transfer_out'],
    });
    expect(flows.data.list.map((row) => [row.kind, row.amount])).toEqual(
      [
        ['transfer_out', '-250.50'],
        ['transfer_in', '250.50'],
      ].toReversed(),
    );
  });

  it('refuses a demo top-up on the real account, then tops up the demo fund account once', async () => {
    const body = { amount: '5000', request_id: rid('demo') };
    const refused = await as('/api/account/addRechMock', body);
    expect(refused.code).toBe(500);
    expect(refused.msg).toMatch(/demo account only/);
    const german = await call(app, '/api/account/addRechMock', body, { token, language: 'de' });
    expect(german.msg).toMatch(/Demokonto/);
    // the refusal was not kept: the same intent succeeds once the user is on demo
    await as('/api/users/changeMock', { account_mode: 'demo' });
    const topped = await as<{ account_mode: string; balance: Balance }>(
      '/api/account/addRechMock',
      body,
    );
    expect(topped.data).toMatchObject({
      account_mode: 'demo',
      balance: { account: 'fund', available: '105000.00' },
    });
    // a retry after the switch back replays the top-up and moves nothing more
    await as('/api/users/changeMock', { account_mode: 'real' });
    expect((await as('/api/account/addRechMock', body)).data).toEqual(topped.data);
    expect((await fundOf())?.available).toBe('0.00');
    await as('/api/users/changeMock', { account_mode: 'demo' });
    expect((await fundOf())?.available).toBe('105000.00');
  });
});

describe('the team', () => {
  it('lists a friend who registered with the invite code, with rewards from the ledger', async () => {
    const share = await as<{ invite_code: string; invite_link: string; rules: unknown[] }>(
      '/api/team/shareInfo',
    );
    expect(share.data.invite_link).toContain(share.data.invite_code);
    expect(share.data.rules).toHaveLength(2);
    const friend = await registerUser(app, `friend${String(serial)}@example.com`, {
      invite_code: share.data.invite_code,
    });
    const me = app.exchange.users.byEmail(email);
    if (!me) throw new Error('no user');
    app.exchange.funds.rewardFee(String(friend.user['user_id']), '10', 'FEE1');
    const team = await as<{
      friend_count: number;
      total_contribution: string;
      list: { level: number; contribution: string; nickname: string }[];
    }>('/api/team/teamInfo');
    expect(team.data.friend_count).toBe(1);
    expect(team.data.total_contribution).toBe('2.00');
    expect(team.data.list[0]).toMatchObject({ level: 1, contribution: '2.00' });
    expect(team.data.list[0]?.nickname).toMatch(/^fr\*\*\*@example\.com$/);
  });
});
