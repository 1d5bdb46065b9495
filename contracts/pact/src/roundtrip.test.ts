/**
 * One table-driven round trip, in the manner of lodestar's api tests: every endpoint the mock
 * serves, called through the web's real client with the real browser codec (crypto-js) against
 * the real server with encryption on (node:crypto). A mismatch between the client, the codecs,
 * the catalogue and the handlers shows up here as a failed row.
 */
import { SCENARIOS } from '@bourse/fixtures';
import { buildApp } from '@bourse/mock-server';
import { endpoints, type Endpoint, type Language } from '@bourse/protocol';
import { createBrowserCodec } from '@bourse/protocol/codec/browser';
import { createApiClient, isApiError, type Credentials } from '@bourse/web/api';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const trader = SCENARIOS['verified-trader'].users[0]!;
let app: FastifyInstance;
let baseUrl: string;
let credentials: Credentials;
const client = () =>
  createApiClient({ baseUrl, codec: createBrowserCodec(), logger: { error: () => undefined } });

beforeAll(async () => {
  app = await buildApp({ dataDir: null, scenario: 'verified-trader', passwordCost: 1024 });
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const guest: Credentials = {
    uuid: '0f6c3c1e-5b7a-4c1d-9e2f-3a4b5c6d7e8f',
    token: null,
    language: 'en',
  };
  const session = await client().call(
    endpoints.auth.login,
    { account: trader.email, password: trader.password },
    guest,
  );
  credentials = { ...guest, token: session.token };
});
afterAll(async () => {
  await app.close();
});

interface Row {
  readonly endpoint: Endpoint;
  readonly body: Record<string, unknown>;
  /** the code the call must fail with; omitted when it must succeed */
  readonly failsWith?: number;
  readonly guest?: boolean;
  readonly language?: Language;
}

const { auth, user, index } = endpoints;
const image = 'data:image/png;base64,iVBORw0KGgo=';
const wrongCode = { code: '000000', password: 'Secret123', confirm_password: 'Secret123' };
const rows: readonly Row[] = [
  { endpoint: index.getLang, body: {}, guest: true },
  { endpoint: index.getPhoneCode, body: {}, guest: true },
  { endpoint: index.bannerList, body: {}, guest: true, language: 'jp' },
  { endpoint: index.noticeList, body: { page: 1, limit: 5 }, guest: true },
  { endpoint: index.noticeDetail, body: { id: '101' }, guest: true, language: 'zh' },
  { endpoint: index.noticeDetail, body: { id: 'nope' }, guest: true, failsWith: 404 },
  { endpoint: index.getCustomer, body: {}, guest: true },
  { endpoint: index.getCustomerList, body: {}, guest: true },
  { endpoint: index.getWalletList, body: {}, guest: true },
  { endpoint: index.getConfigList, body: {}, guest: true },
  { endpoint: index.getConfigDetail, body: { key: 'privacy_policy' }, guest: true },
  { endpoint: index.getConfig, body: {}, guest: true },
  { endpoint: index.getSymbolList, body: { category: 'crypto' }, guest: true },
  {
    endpoint: auth.sendEmail,
    body: { email: 'roundtrip@example.com', purpose: 'register' },
    guest: true,
  },
  {
    endpoint: auth.register,
    body: { email: 'roundtrip@example.com', ...wrongCode },
    guest: true,
    failsWith: 400,
  },
  {
    endpoint: auth.login,
    body: { account: trader.email, password: 'Wrong1234' },
    guest: true,
    failsWith: 500,
  },
  {
    endpoint: auth.forget,
    body: { email: trader.email, ...wrongCode },
    guest: true,
    failsWith: 400,
  },
  { endpoint: user.info, body: {} },
  { endpoint: user.info, body: {}, guest: true, failsWith: 401 },
  { endpoint: user.setNickname, body: { nickname: '交易員 Ünï' } },
  { endpoint: user.setHeadImg, body: { avatar: image } },
  { endpoint: user.changeMock, body: { account_mode: 'demo' } },
  { endpoint: user.getCurrency, body: {} },
  { endpoint: user.getBankList, body: {} },
  {
    endpoint: user.setUserBank,
    body: { bank_name: 'Chase', account_no: '000123456789', holder_name: 'Ann Lee' },
  },
  { endpoint: user.getCashStatus, body: {} },
  {
    endpoint: user.setUserWallet,
    body: { network: 'TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' },
  },
  { endpoint: user.getCustomerList, body: {} },
  { endpoint: user.getDocumentType, body: {}, language: 'fr' },
  {
    // the scenario's trader is verified already
    endpoint: user.setAuthentication,
    body: {
      name: 'Ann Lee',
      id_number: 'X1234567',
      phone: '+44 7700900123',
      birth_date: '1988-02-03',
      document_type: 'passport',
      front_image: image,
    },
    failsWith: 500,
  },
  { endpoint: user.sendEmail, body: { purpose: 'change_password' } },
  {
    endpoint: user.changePassword,
    body: { old_password: 'Wrong1234', password: 'Secret123', confirm_password: 'Secret123' },
    failsWith: 400,
  },
  {
    endpoint: user.deleteUser,
    body: { password: trader.password, code: '000000' },
    failsWith: 400,
  },
  { endpoint: user.logout, body: {} },
  { endpoint: user.info, body: {}, failsWith: 401 },
];

describe('every served endpoint through the real client, codecs and server', () => {
  it('covers every endpoint of the served domains', () => {
    const covered = new Set(rows.map((row) => row.endpoint.path));
    const served = [auth, user, index].flatMap((domain) =>
      Object.values(domain).map((entry: Endpoint) => entry.path),
    );
    expect(served.filter((path) => !covered.has(path))).toEqual([]);
  });

  it.each(rows.map((row, i) => [i, row.endpoint.path, row] as const))(
    '%i %s',
    async (_i, _path, row) => {
      const who: Credentials = {
        ...credentials,
        token: row.guest ? null : credentials.token,
        language: row.language ?? 'en',
      };
      const result = client().call(row.endpoint, row.body, who);
      if (row.failsWith === undefined) {
        const data = await result;
        expect(row.endpoint.response.safeParse(data).success).toBe(true);
      } else {
        const error: unknown = await result.catch((caught: unknown) => caught);
        expect(isApiError(error) && error.code).toBe(row.failsWith);
      }
    },
  );
});
