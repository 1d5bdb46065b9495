import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, PASSWORD, registerUser, testApp } from '../test/wire.ts';

let app: FastifyInstance;
let token: string;
beforeEach(async () => {
  app = await testApp();
  ({ token } = await registerUser(app, 'me@example.com'));
});
afterEach(async () => {
  await app.close();
});

const as = <T = Record<string, unknown>>(
  path: string,
  body: Record<string, unknown> = {},
  withToken = token,
) => call<T>(app, path, body, { token: withToken });

const IDENTITY = {
  name: 'Alex Doe',
  id_number: 'X1234567',
  phone: '+1 4155550100',
  birth_date: '1990-04-01',
  document_type: 'passport',
  front_image: 'data:image/jpeg;base64,/9j/4AAQ',
};

describe('the personal centre', () => {
  it('changes the nickname, trimmed, and shows it in the user info', async () => {
    expect((await as('/api/users/setNickname', { nickname: '  Moon  ' })).data).toEqual({
      nickname: 'Moon',
    });
    expect((await as<{ nickname: string }>('/api/users/info')).data.nickname).toBe('Moon');
    expect((await as('/api/users/setNickname', { nickname: 'x'.repeat(21) })).code).toBe(400);
  });

  it('keeps an avatar sent as an image data URL and refuses other content', async () => {
    const avatar =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    expect((await as('/api/users/setHeadImg', { avatar })).code).toBe(200);
    expect((await as<{ avatar: string }>('/api/users/info')).data.avatar).toBe(avatar);
    expect(
      (await as('/api/users/setHeadImg', { avatar: 'data:text/html;base64,PHNjcmlwdD4=' })).code,
    ).toBe(400);
    const huge = `data:image/png;base64,${'A'.repeat(800_000)}`;
    expect((await as('/api/users/setHeadImg', { avatar: huge })).code).toBe(400);
  });

  it('changes the password, keeping this session and ending the others', async () => {
    const other = (
      await call<{ token: string }>(app, '/api/login/index', {
        account: 'me@example.com',
        password: PASSWORD,
      })
    ).data.token;
    const wrongOld = await as('/api/users/changePassword', {
      old_password: 'Nope12345',
      password: 'Newer1234',
      confirm_password: 'Newer1234',
    });
    expect(wrongOld.msg).toMatch(/^old_password: /);
    const same = await as('/api/users/changePassword', {
      old_password: PASSWORD,
      password: PASSWORD,
      confirm_password: PASSWORD,
    });
    expect(same.msg).toMatch(/^password: /);
    const weak = await as('/api/users/changePassword', {
      old_password: PASSWORD,
      password: 'short',
      confirm_password: 'short',
    });
    expect(weak.code).toBe(400);
    const ok = await as('/api/users/changePassword', {
      old_password: PASSWORD,
      password: 'Newer1234',
      confirm_password: 'Newer1234',
    });
    expect(ok.code).toBe(200);
    expect((await as('/api/users/info')).code).toBe(200);
    expect((await as('/api/users/info', {}, other)).code).toBe(401);
  });

  it('deletes the account after the password and an e-mailed code', async () => {
    await as('/api/users/sendEmail', { purpose: 'delete_account' });
    const mail = await app.inject({ method: 'GET', url: '/__control/mailbox?to=me@example.com' });
    const code = mail.json<{ list: { code: string; purpose: string }[] }>().list[0];
    expect(code?.purpose).toBe('delete_account');
    expect(
      (await as('/api/users/deleteUser', { password: 'Wrong1234', code: code?.code })).code,
    ).toBe(400);
    expect((await as('/api/users/deleteUser', { password: PASSWORD, code: code?.code })).code).toBe(
      200,
    );
    expect((await as('/api/users/info')).code).toBe(401);
    expect(
      (await call(app, '/api/login/index', { account: 'me@example.com', password: PASSWORD })).code,
    ).toBe(500);
  });

  it('logs out: the token is dead afterwards', async () => {
    expect((await as('/api/users/logout')).code).toBe(200);
    expect((await as('/api/users/info')).code).toBe(401);
  });

  it('switches between the real and the demo accounts', async () => {
    expect((await as('/api/users/changeMock', { account_mode: 'demo' })).data).toEqual({
      account_mode: 'demo',
    });
    expect((await as<{ account_mode: string }>('/api/users/info')).data.account_mode).toBe('demo');
  });

  it('lists currencies, document types and agents in the caller language', async () => {
    const currencies = await as<{ list: { code: string; rate: string }[] }>(
      '/api/users/getCurrency',
    );
    expect(currencies.data.list.map((currency) => currency.code)).toContain('USD');
    const en = await call<{ list: { id: string; name: string }[] }>(
      app,
      '/api/users/getDocumentType',
      {},
      { token, language: 'en' },
    );
    const de = await call<{ list: { id: string; name: string }[] }>(
      app,
      '/api/users/getDocumentType',
      {},
      { token, language: 'de' },
    );
    expect(en.data.list.map((type) => type.id)).toEqual(de.data.list.map((type) => type.id));
    expect(en.data.list[0]?.name).not.toBe(de.data.list[0]?.name);
    expect(
      (await as<{ list: unknown[] }>('/api/users/getCustomerList')).data.list.length,
    ).toBeGreaterThan(0);
  });

  it('binds a bank (masked on the way out, virtual banks refused) and a wallet', async () => {
    const chase = { bank_name: 'Chase', account_no: '000123456789', holder_name: 'Alex Doe' };
    const unverified = await call(app, '/api/users/setUserBank', chase, { token, language: 'de' });
    expect(unverified.code).toBe(500);
    expect(unverified.msg).toBe(
      'Bitte verifizieren Sie Ihre Identität, bevor Sie ein Bankkonto verknüpfen',
    );
    await as('/api/users/setAuthentication', IDENTITY);
    await app.inject({
      method: 'POST',
      url: '/__control/identity',
      payload: { email: 'me@example.com', decision: 'approve' },
    });
    const virtual = await as('/api/users/setUserBank', { ...chase, bank_name: 'Revolut' });
    expect(virtual.msg).toMatch(/^bank_name: /);
    // WeBank passed the old list of substrings: it is virtual in the fixtures' bank list
    const webank = await call(
      app,
      '/api/users/setUserBank',
      { ...chase, bank_name: ' we bank ' },
      { token, language: 'de' },
    );
    expect(webank.code).toBe(400);
    expect(webank.msg).toBe('bank_name: Virtuelle Bankkonten können keine Auszahlungen empfangen');
    const someoneElse = await call(
      app,
      '/api/users/setUserBank',
      { ...chase, holder_name: 'Sam Doe' },
      { token, language: 'fr' },
    );
    expect(someoneElse.code).toBe(400);
    expect(someoneElse.msg).toBe(
      'holder_name : Le titulaire du compte doit être le nom de votre identité vérifiée.',
    );
    const bank = await as<{ account_no: string }>('/api/users/setUserBank', {
      ...chase,
      holder_name: ' ALEX   doe ',
    });
    expect(bank.data.account_no).toBe('****6789');
    const wallet = await as('/api/users/setUserWallet', {
      network: 'ERC20',
      address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    });
    expect(wallet.msg).toMatch(/^address: /);
    const mistyped = await as('/api/users/setUserWallet', {
      network: 'TRC20',
      address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSF',
    });
    expect([mistyped.code, mistyped.msg]).toEqual([400, expect.stringMatching(/^address: /)]);
    expect(
      (
        await as('/api/users/setUserWallet', {
          network: 'TRC20',
          address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
        })
      ).code,
    ).toBe(200);
    const status = await as<{ bank: { account_no: string } | null; wallet: unknown }>(
      '/api/users/getCashStatus',
    );
    expect(status.data.bank?.account_no).toBe('****6789');
    expect(status.data.wallet).not.toBeNull();
    expect((await as<{ list: unknown[] }>('/api/users/getBankList')).data.list).toHaveLength(1);
  });

  it('takes an identity submission once, until the review decides', async () => {
    const identity = IDENTITY;
    expect((await as('/api/users/setAuthentication', identity)).data).toEqual({
      identity_status: 'pending',
    });
    expect((await as('/api/users/setAuthentication', identity)).code).toBe(500);
    await app.inject({
      method: 'POST',
      url: '/__control/identity',
      payload: { email: 'me@example.com', decision: 'approve' },
    });
    expect((await as<{ identity_status: string }>('/api/users/info')).data.identity_status).toBe(
      'verified',
    );
  });
});
