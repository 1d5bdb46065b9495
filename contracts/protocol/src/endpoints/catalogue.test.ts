import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { allEndpoints, endpointByPath, endpoints } from './catalogue.ts';
import { compareDecimals } from './contract.ts';
import type { Endpoint } from './endpoint.ts';

/** SPEC.md §7, copied path by path. */
const SPEC_PATHS = [
  // Auth and user
  '/api/login/register',
  '/api/login/index',
  '/api/login/sendEmail',
  '/api/login/forget',
  '/api/users/sendEmail',
  '/api/users/info',
  '/api/users/setNickname',
  '/api/users/changePassword',
  '/api/users/deleteUser',
  '/api/users/logout',
  '/api/users/setHeadImg',
  '/api/users/changeMock',
  '/api/users/getCurrency',
  '/api/users/getBankList',
  '/api/users/setUserBank',
  '/api/users/getCashStatus',
  '/api/users/setUserWallet',
  '/api/users/getCustomerList',
  '/api/users/setAuthentication',
  '/api/users/getDocumentType',
  // General
  '/api/index/getLang',
  '/api/index/getPhoneCode',
  '/api/index/bannerList',
  '/api/index/noticeList',
  '/api/index/noticeDetail',
  '/api/index/getCustomer',
  '/api/index/getCustomerList',
  '/api/index/getWalletList',
  '/api/index/getConfigList',
  '/api/index/getConfigDetail',
  '/api/index/getConfig',
  '/api/index/getSymbolList',
  // Market
  '/api/trades/getSymbol',
  '/api/trades/getLogData',
  // Options
  '/api/MicroOrders/getSecondList',
  '/api/MicroOrders/addOrder',
  '/api/MicroOrders/orderList',
  '/api/MicroOrders/orderCancel',
  // Contract
  '/api/Contract/getContractInfo',
  '/api/Contract/addOrder',
  '/api/Contract/storeList',
  '/api/Contract/orderList',
  '/api/Contract/cancelOrder',
  '/api/Contract/allStop',
  '/api/Contract/partStop',
  '/api/Contract/depositChange',
  '/api/Contract/getStrategy',
  '/api/Contract/addTakeStop',
  '/api/Contract/setStrategy',
  // Account
  '/api/account/index',
  '/api/account/list',
  '/api/account/getRechInfo',
  '/api/account/addRech',
  '/api/account/cancelRech',
  '/api/account/cashInfo',
  '/api/account/addCash',
  '/api/account/rechlog',
  '/api/account/cashlog',
  '/api/account/addRechMock',
  // Team
  '/api/team/shareInfo',
  '/api/team/teamInfo',
  // Coin Guess
  '/api/Digits/digitInfo',
  '/api/Digits/getIssue',
  '/api/Digits/addBet',
  '/api/Digits/betLog',
  '/api/Digits/cancelBet',
];

const issuesOf = (result: ReturnType<z.ZodMiniType['safeParse']>) =>
  result.success ? [] : result.error.issues;

describe('the endpoint catalogue', () => {
  it('lists the 66 calls of SPEC.md §7', () => {
    expect(SPEC_PATHS).toHaveLength(66);
    expect(new Set(SPEC_PATHS).size).toBe(66);
  });

  it('has exactly the paths of SPEC.md §7, besides the calls marked extra', () => {
    const paths = allEndpoints.filter((entry) => !entry.extra).map((entry) => entry.path);
    expect(new Set(paths)).toEqual(new Set(SPEC_PATHS));
  });

  it('says why each extra call exists, and that its whole shape is assumed', () => {
    const extras = allEndpoints.filter((entry) => entry.extra !== undefined);
    expect(extras.map((entry) => entry.path).sort()).toEqual([
      '/api/account/transfer',
      '/api/trades/getIpoDetail',
      '/api/trades/getIpoList',
    ]);
    for (const entry of extras) {
      expect(entry.extra?.length, entry.path).toBeGreaterThan(20);
      expect(entry.assumed, entry.path).toMatch(/path/);
    }
  });

  it('has no path twice', () => {
    const paths = allEndpoints.map((entry) => entry.path);
    expect(paths).toHaveLength(new Set(paths).size);
    expect(endpointByPath.size).toBe(allEndpoints.length);
  });

  it('files each path under its own domain', () => {
    const prefixes: Record<keyof typeof endpoints, string> = {
      auth: '/api/login/',
      user: '/api/users/',
      index: '/api/index/',
      market: '/api/trades/',
      options: '/api/MicroOrders/',
      contract: '/api/Contract/',
      account: '/api/account/',
      team: '/api/team/',
      digits: '/api/Digits/',
    };
    for (const [domain, entries] of Object.entries(endpoints)) {
      for (const entry of Object.values(entries) as Endpoint[]) {
        expect(entry.path, domain).toMatch(
          new RegExp(`^${prefixes[domain as keyof typeof endpoints]}[A-Za-z]+$`),
        );
      }
    }
  });

  it('says for every entry what it does and what is assumed', () => {
    for (const entry of allEndpoints) {
      expect(entry.summary.length, entry.path).toBeGreaterThan(10);
      expect(entry.assumed.length, entry.path).toBeGreaterThan(0);
    }
  });
});

describe.each(allEndpoints.map((entry) => [entry.path, entry] as const))(
  '%s example',
  (_path, entry) => {
    it('request parses with its request schema', () => {
      expect(issuesOf(entry.request.safeParse(entry.example.request))).toEqual([]);
    });

    it('response parses with its response schema', () => {
      expect(issuesOf(entry.response.safeParse(entry.example.response))).toEqual([]);
    });
  },
);

describe('a bad field', () => {
  it('is named in the error: login with an empty password', () => {
    const result = endpoints.auth.login.request.safeParse({
      account: 'trader@example.com',
      password: '',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['password'], message: 'is required' }),
    ]);
    expect(z.prettifyError(result.error!)).toContain('password');
  });

  it('is named in the error: a limit order without a price', () => {
    const result = endpoints.contract.addOrder.request.safeParse({
      request_id: 'c0ffee00-1234-4abc-8def-00112233aa01',
      symbol_id: '1',
      side: 'buy',
      type: 'limit',
      quantity: '0.1',
      leverage_id: '3',
    });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['price'], message: 'is required for a limit order' }),
    ]);
  });

  it('is named in the error: a missing or zero amount', () => {
    const missing = endpoints.account.addCash.request.safeParse({
      request_id: 'c0ffee00-1234-4abc-8def-001122334455',
      method: 'bank',
      password: 'Secret123',
    });
    expect(missing.error?.issues).toEqual([
      expect.objectContaining({ path: ['amount'], message: 'is required' }),
    ]);
    const zero = endpoints.options.addOrder.request.safeParse({
      symbol_id: '1',
      duration_id: '1',
      direction: 'up',
      amount: '0.00',
      request_id: 'option-request-0001',
    });
    expect(zero.error?.issues).toEqual([
      expect.objectContaining({ path: ['amount'], message: 'must be greater than zero' }),
    ]);
  });

  it('is named in the error: a money call without its request id, or with a malformed one', () => {
    const body = { from: 'fund', to: 'option', amount: '10' };
    expect(endpoints.account.transfer.request.safeParse(body).error?.issues).toEqual([
      expect.objectContaining({ path: ['request_id'], message: 'is required' }),
    ]);
    const spaced = endpoints.account.transfer.request.safeParse({ ...body, request_id: 'a b c' });
    expect(spaced.error?.issues).toEqual([
      expect.objectContaining({
        path: ['request_id'],
        message: 'must be 16 to 64 letters, digits, - or _',
      }),
    ]);
    expect(
      endpoints.account.transfer.request.safeParse({
        ...body,
        request_id: 'c0ffee00-1234-4abc-8def-001122334455',
      }).success,
    ).toBe(true);
  });

  it('is named in the error: a take profit on the losing side of a long', () => {
    const result = endpoints.contract.addOrder.request.safeParse({
      request_id: 'c0ffee00-1234-4abc-8def-00112233aa01',
      symbol_id: '1',
      side: 'buy',
      type: 'limit',
      price: '97000',
      quantity: '0.1',
      leverage_id: '3',
      take_profit: '96000',
      stop_loss: '98000',
    });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([
      ['take_profit'],
      ['stop_loss'],
    ]);
  });

  it('accepts a short whose take profit is below and stop loss above the price', () => {
    const result = endpoints.contract.addOrder.request.safeParse({
      request_id: 'c0ffee00-1234-4abc-8def-00112233aa01',
      symbol_id: '1',
      side: 'sell',
      type: 'limit',
      price: '97000',
      quantity: '0.1',
      leverage_id: '3',
      take_profit: '96000',
      stop_loss: '97000.5',
    });
    expect(issuesOf(result)).toEqual([]);
  });

  it('is named in the error: a candle window that ends before it starts', () => {
    const result = endpoints.market.getLogData.request.safeParse({
      symbol_id: '1',
      period: '1h',
      from: 2_000,
      to: 1_000,
    });
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['from'] })]);
  });

  it('is named in the error: too many candles', () => {
    const result = endpoints.market.getLogData.request.safeParse({
      symbol_id: '1',
      period: '1h',
      limit: 1501,
    });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['limit'], message: 'must be at most 1500' }),
    ]);
  });
});

describe('compareDecimals', () => {
  it.each([
    ['97000', '97000.00', 0],
    ['97000.00000001', '97000', 1],
    ['0.5', '0.45', 1],
    ['099', '100', -1],
    ['1234567890123456.1', '1234567890123456.10000001', -1],
  ] as const)('%s against %s is %i', (a, b, expected) => {
    expect(compareDecimals(a, b)).toBe(expected);
    expect(compareDecimals(b, a)).toBe(-expected || 0);
  });
});
