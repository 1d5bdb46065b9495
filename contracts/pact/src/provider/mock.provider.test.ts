/**
 * Verifies the pact the consumer run wrote against the real mock, in-process, with payloads in
 * the clear: every HTTP interaction replayed through the verifier's proxy (re-signed on the way),
 * every state set up on the mock's exchange, and the socket push taken from its gateway.
 */
import { buildApp, servedEndpoints } from '@bourse/mock-server';
import { CODES, endpoints } from '@bourse/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BALANCE_PUSH,
  DATA24H_PUSH,
  DIGITS_PUSH,
  DIGITS_RESULT_PUSH,
  FUNDS_PUSH,
  FUNDS_WITHDRAWAL_PUSH,
  KLINE_PUSH,
  NOTICE_PUSH,
  OPTION_PUSH,
  ORDER_PUSH,
  POSITION_CLOSED_PUSH,
  POSITION_PUSH,
  TRADE_BALANCE_PUSH,
} from '../pact.ts';
import { mockMessageProviders } from './mock-pushes.ts';
import { mockStateHandlers, type MockApp } from './mock-states.ts';
import { readPact, verifyPact, writePactSubset } from './verification.ts';

let app: MockApp;
let baseUrl: string;

beforeAll(async () => {
  app = await buildApp({ dataDir: null, encrypt: false, scenario: 'empty', passwordCost: 1024 });
  baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await app.close();
});

describe('the pact', () => {
  it('covers every endpoint the mock serves and the refusals the client handles', async () => {
    const pact = await readPact();
    const { auth, user, index, market, account, contract, options, digits } = endpoints;
    // from the mock's handler table, so that a domain it starts serving needs contracts here
    const paths = servedEndpoints.map((entry) => entry.path);
    const answered = new Set(
      pact.interactions.filter((entry) => entry.code === CODES.ok).map((entry) => entry.path),
    );
    expect(paths.filter((path) => !answered.has(path))).toEqual([]);

    const refused = pact.interactions
      .filter((entry) => entry.code !== undefined && entry.code !== CODES.ok)
      .map((entry) => `${String(entry.code)} ${entry.path ?? ''}`);
    // sorted by code, then path (upper case first: /api/Contract, /api/Digits and
    // /api/MicroOrders before /api/account)
    expect(refused.sort()).toEqual([
      `400 ${contract.addOrder.path}`,
      `400 ${contract.addOrder.path}`,
      `400 ${contract.setStrategy.path}`,
      `400 ${account.addCash.path}`,
      `400 ${account.addRech.path}`,
      `400 ${account.addRech.path}`,
      `400 ${account.transfer.path}`,
      `400 ${auth.register.path}`,
      `400 ${user.setUserBank.path}`,
      `400 ${user.setUserBank.path}`,
      `400 ${user.setUserWallet.path}`,
      `400 ${user.setUserWallet.path}`,
      `400 ${user.setUserWallet.path}`,
      `401 ${user.info.path}`,
      `404 ${digits.cancelBet.path}`,
      `404 ${options.getSecondList.path}`,
      `404 ${index.noticeDetail.path}`,
      `404 ${market.getIpoDetail.path}`,
      `404 ${market.getLogData.path}`,
      `404 ${market.getSymbol.path}`,
      `409 ${contract.addOrder.path}`,
      `409 ${account.transfer.path}`,
      `500 ${contract.addOrder.path}`,
      `500 ${contract.addOrder.path}`,
      `500 ${contract.addOrder.path}`,
      `500 ${contract.addTakeStop.path}`,
      `500 ${contract.addTakeStop.path}`,
      `500 ${contract.cancelOrder.path}`,
      `500 ${contract.depositChange.path}`,
      `500 ${contract.partStop.path}`,
      `500 ${digits.addBet.path}`,
      `500 ${digits.addBet.path}`,
      `500 ${digits.addBet.path}`,
      `500 ${digits.addBet.path}`,
      `500 ${digits.addBet.path}`,
      `500 ${digits.addBet.path}`,
      `500 ${digits.addBet.path}`,
      `500 ${digits.cancelBet.path}`,
      `500 ${options.addOrder.path}`,
      `500 ${options.addOrder.path}`,
      `500 ${options.addOrder.path}`,
      `500 ${options.addOrder.path}`,
      `500 ${options.addOrder.path}`,
      `500 ${options.addOrder.path}`,
      `500 ${options.orderCancel.path}`,
      `500 ${account.addCash.path}`,
      `500 ${account.addCash.path}`,
      `500 ${account.addCash.path}`,
      `500 ${account.addCash.path}`,
      `500 ${account.addCash.path}`,
      `500 ${account.addRech.path}`,
      `500 ${account.addRech.path}`,
      `500 ${account.addRechMock.path}`,
      `500 ${account.cancelRech.path}`,
      `500 ${account.transfer.path}`,
      `500 ${auth.login.path}`,
      `500 ${user.setAuthentication.path}`,
      `500 ${user.setAuthentication.path}`,
      `500 ${user.setUserBank.path}`,
      `500 ${user.setUserWallet.path}`,
    ]);

    for (const description of [
      NOTICE_PUSH,
      BALANCE_PUSH,
      FUNDS_PUSH,
      FUNDS_WITHDRAWAL_PUSH,
      DATA24H_PUSH,
      KLINE_PUSH,
      ORDER_PUSH,
      POSITION_PUSH,
      POSITION_CLOSED_PUSH,
      TRADE_BALANCE_PUSH,
      OPTION_PUSH,
      DIGITS_PUSH,
      DIGITS_RESULT_PUSH,
    ]) {
      expect(
        pact.interactions
          .filter((entry) => entry.description === description)
          .map(({ type }) => type),
      ).toEqual(['Asynchronous/Messages']);
    }
  });
});

describe('the mock (in-process, payloads in the clear)', () => {
  it('honours every interaction of the pact', async () => {
    const output = await verifyPact({
      providerBaseUrl: baseUrl,
      stateHandlers: mockStateHandlers({ app, baseUrl }),
      messageProviders: mockMessageProviders({ app, baseUrl }),
    });
    expect(output).toBeTypeOf('string');
  });
});

describe('the verification', () => {
  it('fails when the provider state does not open the session the pact signs with', async () => {
    const handlers = mockStateHandlers({ app, baseUrl });
    const verification = verifyPact({
      providerBaseUrl: baseUrl,
      pactUrls: [await writePactSubset(['a request for the signed-in user'])],
      // the user exists, but nobody signed in
      stateHandlers: { ...handlers, 'a signed-in user': handlers['a registered user']! },
      messageProviders: {},
    });
    await expect(verification).rejects.toThrow();
  });

  it('fails without re-signing: the recorded time is long past the window', async () => {
    const verification = verifyPact({
      providerBaseUrl: baseUrl,
      pactUrls: [await writePactSubset(['a request for the platform settings'])],
      stateHandlers: mockStateHandlers({ app, baseUrl }),
      messageProviders: {},
      requestFilter: (_req, _res, next) => {
        next();
      },
    });
    await expect(verification).rejects.toThrow();
  });
});
