/**
 * One table-driven round trip, in the manner of lodestar's api tests: every endpoint the mock
 * serves (the table is typed over the mock's handler table, so a served call without a row does
 * not compile), called through the web's real client with the real browser codec (crypto-js) against
 * the real server with encryption on (node:crypto). A mismatch between the client, the codecs,
 * the catalogue and the handlers shows up here as a failed row.
 */
import { IPO_WALKTHROUGH_ID, SCENARIOS } from '@bourse/fixtures';
import {
  buildApp,
  ControlClient,
  handlers,
  servedEndpoints,
  type ServedDomain,
} from '@bourse/mock-server';
import {
  endpoints,
  type Endpoint,
  type Endpoints,
  type Language,
  type RequestOf,
} from '@bourse/protocol';
import { createBrowserCodec } from '@bourse/protocol/codec/browser';
import { createApiClient, isApiError, type Credentials } from '@bourse/web/api';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const trader = SCENARIOS['verified-trader'].users[0]!;
let app: FastifyInstance;
let baseUrl: string;
let credentials: Credentials;
/** the Coin Guess period taking bets while the rows run (the clock is held inside it) */
let issue = '';
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
  // Coin Guess takes bets for 45 s of every 60: hold the clock at the opening of the next period,
  // so that a bet on the issue read here is in time whenever its row runs
  const control = new ControlClient(baseUrl);
  await control.clock({ action: 'freeze' });
  const round = await client().call(endpoints.digits.getIssue, {}, guest);
  await control.advance(round.next_open_at - round.server_time);
  ({ issue } = await client().call(endpoints.digits.getIssue, {}, guest));
});
afterAll(async () => {
  await app.close();
});

interface Row<E extends Endpoint> {
  /** the request, or a function giving it when it needs what is only known at run time */
  readonly body: RequestOf<E> | (() => RequestOf<E>);
  /** the code the call must fail with; omitted when it must succeed */
  readonly failsWith?: number;
  readonly guest?: boolean;
  readonly language?: Language;
}

/**
 * At least one row for every call of every domain the mock serves: a served call without a row
 * does not compile, and a domain a later issue starts serving fails here until it has rows.
 */
type Rows = {
  readonly [D in ServedDomain]: {
    readonly [K in keyof Endpoints[D]]: Endpoints[D][K] extends Endpoint
      ? readonly [Row<Endpoints[D][K]>, ...Row<Endpoints[D][K]>[]]
      : never;
  };
};

const image = 'data:image/png;base64,iVBORw0KGgo=';
const wrongCode = { code: '000000', password: 'Secret123', confirm_password: 'Secret123' };
const SYMBOL = 'btcusdt';
const rows: Rows = {
  index: {
    getLang: [{ body: {}, guest: true }],
    getPhoneCode: [{ body: {}, guest: true }],
    bannerList: [{ body: {}, guest: true, language: 'jp' }],
    noticeList: [{ body: { page: 1, limit: 5 }, guest: true }],
    noticeDetail: [
      { body: { id: '101' }, guest: true, language: 'zh' },
      { body: { id: 'nope' }, guest: true, failsWith: 404 },
    ],
    getCustomer: [{ body: {}, guest: true }],
    getCustomerList: [{ body: {}, guest: true }],
    getWalletList: [{ body: {}, guest: true }],
    getConfigList: [{ body: {}, guest: true }],
    getConfigDetail: [{ body: { key: 'privacy_policy' }, guest: true }],
    getConfig: [{ body: {}, guest: true }],
    getSymbolList: [{ body: { category: 'crypto' }, guest: true }],
  },
  auth: {
    sendEmail: [{ body: { email: 'roundtrip@example.com', purpose: 'register' }, guest: true }],
    register: [
      { body: { email: 'roundtrip@example.com', ...wrongCode }, guest: true, failsWith: 400 },
    ],
    login: [
      { body: { account: trader.email, password: 'Wrong1234' }, guest: true, failsWith: 500 },
    ],
    forget: [{ body: { email: trader.email, ...wrongCode }, guest: true, failsWith: 400 }],
  },
  market: {
    getSymbol: [
      { body: { symbol_id: SYMBOL }, guest: true, language: 'de' },
      // a user reads the market as a guest does
      { body: { symbol_id: SYMBOL } },
      { body: { symbol_id: 'no-such-symbol' }, guest: true, failsWith: 404 },
    ],
    getLogData: [
      { body: { symbol_id: SYMBOL, period: '1h', limit: 3 }, guest: true },
      { body: { symbol_id: SYMBOL, period: '1M' }, guest: true },
      { body: { symbol_id: 'no-such-symbol', period: '1m' }, guest: true, failsWith: 404 },
      { body: { symbol_id: SYMBOL, period: '1m', from: 2, to: 1 }, guest: true, failsWith: 400 },
      { body: { symbol_id: SYMBOL, period: '1m', limit: 1501 }, guest: true, failsWith: 400 },
    ],
    getIpoList: [
      { body: { status: 'subscribing', page: 1, limit: 5 }, guest: true, language: 'it' },
      { body: {}, guest: true },
      { body: { page: 0 }, guest: true, failsWith: 400 },
    ],
    getIpoDetail: [
      { body: { id: IPO_WALKTHROUGH_ID }, guest: true, language: 'pt' },
      { body: { id: 'no-such-offering' }, guest: true, failsWith: 404 },
    ],
  },
  account: {
    index: [{ body: {} }, { body: {}, guest: true, failsWith: 401 }],
    list: [{ body: { kinds: ['transfer_in', 'transfer_out'], page: 1, limit: 5 } }],
    getRechInfo: [{ body: { method: 'usdt', network: 'TRC20' } }, { body: { method: 'bank' } }],
    // the exclusive account is still being obtained
    addRech: [
      {
        body: {
          request_id: 'roundtrip-addrech-0001',
          method: 'usdt',
          network: 'TRC20',
          amount: '100',
          tx_hash: 'ab'.repeat(32),
        },
        failsWith: 500,
      },
    ],
    cancelRech: [{ body: { id: '999999', request_id: 'roundtrip-cancel-0001' }, failsWith: 404 }],
    rechlog: [{ body: { page: 1, limit: 5 } }],
    cashInfo: [{ body: {} }],
    // no bank account is bound yet
    addCash: [
      {
        body: {
          request_id: 'roundtrip-addcash-0001',
          method: 'bank',
          amount: '50',
          password: trader.password,
        },
        failsWith: 500,
      },
    ],
    cashlog: [{ body: { status: 'reviewing' } }],
    transfer: [
      {
        body: { from: 'fund', to: 'contract', amount: '1.5', request_id: 'roundtrip-transfer-01' },
      },
      // the same id with another body
      {
        body: { from: 'fund', to: 'contract', amount: '2', request_id: 'roundtrip-transfer-01' },
        failsWith: 409,
      },
    ],
    // the trader is on the real account here (user.changeMock comes later): play money is refused
    addRechMock: [{ body: { amount: '100', request_id: 'roundtrip-demo-000001' }, failsWith: 500 }],
  },
  options: {
    getSecondList: [
      { body: { symbol_id: SYMBOL }, guest: true },
      { body: { symbol_id: 'no-such-symbol' }, guest: true, failsWith: 404 },
    ],
    addOrder: [
      {
        body: {
          symbol_id: SYMBOL,
          duration_id: '2',
          direction: 'up',
          amount: '10',
          request_id: 'roundtrip-option-order-0001',
        },
      },
      // a duration listed but not taking orders
      {
        body: {
          symbol_id: SYMBOL,
          duration_id: '9',
          direction: 'down',
          amount: '100',
          request_id: 'roundtrip-option-order-0002',
        },
        failsWith: 500,
        language: 'de',
      },
    ],
    orderList: [{ body: { status: 'trading', page: 1, limit: 20 } }],
    orderCancel: [
      { body: { order_id: 'nope', request_id: 'roundtrip-option-cancel-01' }, failsWith: 404 },
    ],
  },
  digits: {
    digitInfo: [{ body: {}, guest: true }],
    getIssue: [{ body: { recent: 5 }, guest: true, language: 'es' }],
    addBet: [
      // the issue is the period held open by beforeAll
      {
        body: () => ({
          issue,
          bet_type: 'big',
          amount: '10',
          request_id: 'roundtrip-digits-bet-000001',
        }),
      },
      // a period that is not the one taking bets
      {
        body: {
          issue: '20200101-0001',
          bet_type: 'big',
          amount: '10',
          request_id: 'roundtrip-digits-bet-000002',
        },
        failsWith: 500,
        language: 'zh',
      },
    ],
    betLog: [{ body: { page: 1, limit: 20 } }],
    cancelBet: [
      { body: { bet_id: 'nope', request_id: 'roundtrip-digits-cancel-01' }, failsWith: 404 },
    ],
  },
  contract: {
    getContractInfo: [
      { body: { symbol_id: SYMBOL } },
      { body: { symbol_id: 'no-such-symbol' }, failsWith: 404 },
    ],
    addOrder: [
      {
        body: {
          symbol_id: SYMBOL,
          side: 'buy',
          type: 'market',
          quantity: '0.001',
          leverage_id: '3',
          request_id: 'roundtrip-contract-order-0001',
        },
      },
      // more than the contract account holds
      {
        body: {
          symbol_id: SYMBOL,
          side: 'buy',
          type: 'market',
          quantity: '10',
          leverage_id: '1',
          request_id: 'roundtrip-contract-order-0002',
        },
        failsWith: 500,
      },
    ],
    storeList: [{ body: {} }],
    orderList: [{ body: { group: 'history', page: 1, limit: 20 } }],
    cancelOrder: [
      { body: { order_id: 'nope', request_id: 'roundtrip-contract-cancel-01' }, failsWith: 404 },
    ],
    allStop: [{ body: { symbol_id: 'ethusdt', request_id: 'roundtrip-contract-allstop-1' } }],
    partStop: [
      {
        body: {
          position_id: 'nope',
          quantity: '0.001',
          request_id: 'roundtrip-contract-part-0001',
        },
        failsWith: 404,
      },
    ],
    depositChange: [
      {
        body: {
          position_id: 'nope',
          action: 'add',
          amount: '1',
          request_id: 'roundtrip-contract-margin-01',
        },
        failsWith: 404,
      },
    ],
    getStrategy: [{ body: {} }],
    addTakeStop: [
      {
        body: {
          position_id: 'nope',
          take_profit: '',
          stop_loss: '',
          request_id: 'roundtrip-contract-tpsl-0001',
        },
        failsWith: 404,
      },
    ],
    setStrategy: [
      {
        body: {
          enabled: true,
          deposit_rate: '50',
          auto_add: '25',
          request_id: 'roundtrip-contract-strategy1',
        },
      },
    ],
  },
  team: {
    shareInfo: [{ body: {}, language: 'de' }],
    teamInfo: [{ body: { page: 1, limit: 5 } }],
  },
  user: {
    info: [{ body: {} }, { body: {}, guest: true, failsWith: 401 }],
    setNickname: [{ body: { nickname: '交易員 Ünï' } }],
    setHeadImg: [{ body: { avatar: image } }],
    changeMock: [{ body: { account_mode: 'demo' } }],
    getCurrency: [{ body: {} }],
    getBankList: [{ body: {} }],
    setUserBank: [
      { body: { bank_name: 'Chase', account_no: '000123456789', holder_name: 'Ava Trader' } },
    ],
    getCashStatus: [{ body: {} }],
    setUserWallet: [{ body: { network: 'TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' } }],
    getCustomerList: [{ body: {} }],
    getDocumentType: [{ body: {}, language: 'fr' }],
    setAuthentication: [
      {
        // the scenario's trader is verified already
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
    ],
    sendEmail: [{ body: { purpose: 'change_password' } }],
    changePassword: [
      {
        body: { old_password: 'Wrong1234', password: 'Secret123', confirm_password: 'Secret123' },
        failsWith: 400,
      },
    ],
    deleteUser: [{ body: { password: trader.password, code: '000000' }, failsWith: 400 }],
    // last: it ends the session the rows above use
    logout: [{ body: {} }, { body: {}, failsWith: 401 }],
  },
};

interface Case {
  readonly endpoint: Endpoint;
  readonly row: Row<Endpoint>;
}

/** The rows in the order written, each with its catalogue entry. */
const cases: readonly Case[] = (Object.keys(rows) as ServedDomain[]).flatMap((domain) => {
  const table = rows[domain] as Readonly<Record<string, readonly Row<Endpoint>[]>>;
  const entries = endpoints[domain] as Readonly<Record<string, Endpoint>>;
  return Object.entries(table).flatMap(([name, list]) => {
    const endpoint = entries[name];
    if (!endpoint) throw new Error(`${domain}.${name} is not in the catalogue`);
    return list.map((row) => ({ endpoint, row }));
  });
});

describe('every served endpoint through the real client, codecs and server', () => {
  it('has a row for every call of every domain the mock serves', () => {
    const covered = new Set(cases.map(({ endpoint }) => endpoint.path));
    // the type demands it; this catches a cast, and keeps the table in step with the handlers
    expect(Object.keys(rows).sort()).toEqual(Object.keys(handlers).sort());
    expect(servedEndpoints.map((entry) => entry.path).filter((path) => !covered.has(path))).toEqual(
      [],
    );
  });

  it.each(cases.map(({ endpoint, row }, i) => [i, endpoint.path, endpoint, row] as const))(
    '%i %s',
    async (_i, _path, endpoint, row) => {
      const who: Credentials = {
        ...credentials,
        token: row.guest ? null : credentials.token,
        language: row.language ?? 'en',
      };
      const body = typeof row.body === 'function' ? row.body() : row.body;
      const result = client().call(endpoint, body, who);
      if (row.failsWith === undefined) {
        const data = await result;
        expect(endpoint.response.safeParse(data).success).toBe(true);
      } else {
        const error: unknown = await result.catch((caught: unknown) => caught);
        expect(isApiError(error) && error.code).toBe(row.failsWith);
      }
    },
  );
});
