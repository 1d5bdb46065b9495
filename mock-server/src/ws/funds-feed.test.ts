import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { handled } from '../test/socket.ts';
import { call, registerUser, testApp, UUID } from '../test/wire.ts';

let app: FastifyInstance;
let socket: WebSocket;
let token: string;
/** the pushes the user's socket received, in order */
const pushes: { func: string; data: Record<string, unknown> }[] = [];

beforeEach(async () => {
  app = await testApp({ depositAccountDelayMs: 1000 });
  ({ token } = await registerUser(app, 'listener@example.com'));
  pushes.length = 0;
  socket = await app.injectWS(`/ws?uuid=${UUID}&time=${String(Date.now())}`);
  socket.on('message', (data: Buffer) => {
    const frame = JSON.parse(data.toString()) as {
      cmd: string;
      msg: { func: string; data: Record<string, unknown> };
    };
    if (frame.cmd === 'data') pushes.push(frame.msg);
  });
  socket.send(JSON.stringify({ cmd: 'bind', msg: token }));
  // bound before the test moves money: a push made after this reaches the socket
  await handled(socket);
});
afterEach(async () => {
  socket.terminate();
  await app.close();
});

const as = (path: string, body: Record<string, unknown> = {}) => call(app, path, body, { token });
const control = (url: string, payload: object) =>
  app.inject({ method: 'POST', url: `/__control${url}`, payload });
const pushed = (func: string) => pushes.filter((push) => push.func === func);
/** the pushes of a func once every push the server made so far has arrived */
const pushedSoFar = async (func: string) => {
  await handled(socket);
  return pushed(func);
};

describe('the identity review', () => {
  it('sends a Notice to the user when the review decides, verified or rejected', async () => {
    const documents = {
      name: 'Listener One',
      id_number: 'X1234567',
      phone: '+1 4155550100',
      birth_date: '1990-04-01',
      document_type: 'passport',
      front_image: 'data:image/jpeg;base64,/9j/4AAQ',
    };
    await as('/api/users/setAuthentication', documents);
    expect(await pushedSoFar('Notice')).toEqual([]);
    await control('/identity', {
      email: 'listener@example.com',
      decision: 'reject',
      reason: 'The photo is blurred',
    });
    await expect.poll(() => pushed('Notice').length).toBe(1);
    expect(pushed('Notice')[0]?.data['title']).toBe('Identity verification rejected');

    await as('/api/users/setAuthentication', documents);
    await control('/identity', { email: 'listener@example.com', decision: 'approve' });
    await expect.poll(() => pushed('Notice').length).toBe(2);
    expect(pushed('Notice')[1]?.data['title']).toBe('Identity verified');
  });
});

describe('the money pushes', () => {
  it('sends Balance with the current mode’s accounts when money moves', async () => {
    await as('/api/users/changeMock', { account_mode: 'demo' });
    await as('/api/account/addRechMock', { amount: '5000', request_id: 'push-test-topup-0001' });
    await expect.poll(() => pushed('Balance').length).toBe(1);
    const [balance] = pushed('Balance');
    expect(balance?.data['account_mode']).toBe('demo');
    expect(balance?.data['total_usdt']).toBe('105000.00');
  });

  it('sends Notice when the deposit account is ready, then Funds and Balance on approval', async () => {
    await as('/api/account/getRechInfo', { method: 'usdt', network: 'TRC20' });
    expect(await pushedSoFar('Notice')).toEqual([]);
    await control('/clock', { action: 'advance', ms: 1000 });
    await expect.poll(() => pushed('Notice').length).toBe(1);
    expect(pushed('Notice')[0]?.data['title']).toBe('Your deposit account is ready');

    const made = await as('/api/account/addRech', {
      request_id: 'push-test-deposit-001',
      method: 'usdt',
      network: 'TRC20',
      amount: '75',
      tx_hash: 'ab'.repeat(32),
    });
    expect(await pushedSoFar('Funds')).toEqual([]);
    await control('/deposits/review', { id: made.data['id'], decision: 'approve' });
    await expect.poll(() => pushed('Funds').length).toBe(1);
    expect(pushed('Funds')[0]?.data).toMatchObject({
      kind: 'deposit',
      record: { status: 'approved', credited_amount: '75.00' },
    });
    await expect.poll(() => pushed('Balance').length).toBe(1);
    expect(pushed('Balance')[0]?.data['total_usdt']).toBe('75.00');
  });
});
