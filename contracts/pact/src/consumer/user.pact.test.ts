/**
 * /api/users/*: the signed-in user's profile, security, bank, wallet and identity calls, signed
 * with PACT_TOKEN (the provider state opens its session), and the 401 the client answers by
 * signing the user out.
 */
import { SCENARIOS } from '@bourse/fixtures';
import { CODES, endpoints, identityStatus } from '@bourse/protocol';
import { describe, expect, it } from 'vitest';
import { fieldErrorOf } from '@bourse/web/api';
import { PACT_TOKEN } from '../pact.ts';
import { state } from '../states.ts';
import { boolean, decimal, eachLike, id, like, oneOf, regex, text } from './matchers.ts';
import { bankAccountShape, codeSentShape, userInfoShape, walletShape } from './shapes.ts';
import { fails, newPact, succeeds } from './support.ts';

const { user } = endpoints;
const pact = newPact();

/** the user of the fresh-user scenario: unverified, nothing bound */
const fresh = SCENARIOS['fresh-user'].users[0]!;
const signedIn = state('a signed-in user', {
  email: fresh.email,
  password: fresh.password,
  token: PACT_TOKEN,
});
const bank = { bank_name: 'Chase', account_no: '000123456789', holder_name: 'Fresh Trader' };
const wallet = { network: 'TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' } as const;
const bankBound = state('the user has bound a bank account', { email: fresh.email, ...bank });
/** a bank is bound only in the name the review verified */
const verified = state("the user's identity is verified", {
  email: fresh.email,
  name: bank.holder_name,
});
const REJECT_REASON = 'The photo of the document is blurred';
const rejected = state("the user's identity was rejected", {
  email: fresh.email,
  reason: REJECT_REASON,
});
const walletBound = state('the user has bound a wallet', { email: fresh.email, ...wallet });
const IMAGE = 'data:image/png;base64,iVBORw0KGgo=';
const DELETE_CODE = '135790';

const channels = user.getCustomerList.response.shape.list.element.shape.channel.options;

describe('user', () => {
  it('sends a code to the own e-mail', () =>
    succeeds(
      pact,
      {
        description: "a request for a code to the signed-in user's e-mail",
        states: [signedIn],
        endpoint: user.sendEmail,
        body: { purpose: 'change_password' },
        who: 'user',
      },
      codeSentShape(),
      (sent) => {
        expect(sent.resend_in).toBe(60);
      },
    ));

  it('reads the signed-in user', () =>
    succeeds(
      pact,
      {
        description: 'a request for the signed-in user',
        states: [signedIn],
        endpoint: user.info,
        body: {},
        who: 'user',
      },
      userInfoShape({ email: fresh.email, nickname: fresh.nickname }),
      (info) => {
        expect(info.email).toBe(fresh.email);
        expect(info.identity_status).toBe('unverified');
      },
    ));

  it('is told to sign in again when there is no session', () =>
    fails(
      pact,
      {
        description: 'a request for the user without a session',
        states: [state('no session', { token: PACT_TOKEN })],
        endpoint: user.info,
        body: {},
        who: 'user',
      },
      { code: CODES.unauthorized, msg: like('Please log in again') },
      (error) => {
        expect(error.kind).toBe('code');
        expect(error.code).toBe(401);
      },
    ));

  it('changes the nickname', () =>
    succeeds(
      pact,
      {
        description: 'a request to change the nickname',
        states: [signedIn],
        endpoint: user.setNickname,
        body: { nickname: 'Moonwalker' },
        who: 'user',
      },
      { nickname: text('Moonwalker') },
      (result) => {
        expect(result.nickname).toBe('Moonwalker');
      },
    ));

  it('changes the password', () =>
    succeeds(
      pact,
      {
        description: 'a request to change the password',
        states: [signedIn],
        endpoint: user.changePassword,
        body: {
          old_password: fresh.password,
          password: 'FreshStart2027',
          confirm_password: 'FreshStart2027',
        },
        who: 'user',
      },
      {},
      (result) => {
        expect(result).toEqual({});
      },
    ));

  it('deletes the account with the password and an e-mailed code', () =>
    succeeds(
      pact,
      {
        description: 'a request to delete the account',
        states: [
          signedIn,
          state('an account deletion code was sent', { email: fresh.email, code: DELETE_CODE }),
        ],
        endpoint: user.deleteUser,
        body: { password: fresh.password, code: DELETE_CODE },
        who: 'user',
      },
      {},
      (result) => {
        expect(result).toEqual({});
      },
    ));

  it('logs out', () =>
    succeeds(
      pact,
      {
        description: 'a request to log out',
        states: [signedIn],
        endpoint: user.logout,
        body: {},
        who: 'user',
      },
      {},
      (result) => {
        expect(result).toEqual({});
      },
    ));

  it('sets the avatar from a data URL', () =>
    succeeds(
      pact,
      {
        description: 'a request to set the avatar',
        states: [signedIn],
        endpoint: user.setHeadImg,
        body: { avatar: IMAGE },
        who: 'user',
      },
      // a backend may answer with the URL of the stored image rather than the data URL sent
      { avatar: text(IMAGE) },
      (result) => {
        expect(typeof result.avatar).toBe('string');
      },
    ));

  it('switches to the demo account', () =>
    succeeds(
      pact,
      {
        description: 'a request to switch to the demo account',
        states: [signedIn],
        endpoint: user.changeMock,
        body: { account_mode: 'demo' },
        who: 'user',
      },
      // the mode asked for, exactly: the app switches its balances on it
      { account_mode: 'demo' },
      (result) => {
        expect(result.account_mode).toBe('demo');
      },
    ));

  it('lists the currencies with their rates', () =>
    succeeds(
      pact,
      {
        description: 'a request for the display currencies',
        states: [signedIn],
        endpoint: user.getCurrency,
        body: {},
        who: 'user',
      },
      {
        list: eachLike({
          code: text('USD'),
          name: text('US Dollar'),
          symbol: text('$'),
          rate: decimal('1'),
        }),
      },
      (result) => {
        expect(result.list[0]?.rate).toBe('1');
      },
    ));

  it('lists the bound bank accounts', () =>
    succeeds(
      pact,
      {
        description: 'a request for the bound bank accounts',
        states: [signedIn, verified, bankBound],
        endpoint: user.getBankList,
        body: {},
        who: 'user',
      },
      { list: eachLike(bankAccountShape(bank)) },
      (result) => {
        expect(result.list).toHaveLength(1);
        expect(result.list[0]?.bank_name).toBe(bank.bank_name);
      },
    ));

  it('binds a bank account', () =>
    succeeds(
      pact,
      {
        description: 'a request to bind a bank account',
        states: [signedIn, verified],
        endpoint: user.setUserBank,
        body: bank,
        who: 'user',
      },
      bankAccountShape(bank),
      (result) => {
        expect(result.holder_name).toBe(bank.holder_name);
      },
    ));

  it('reads what stands between the user and a withdrawal', () =>
    succeeds(
      pact,
      {
        description: 'a request for the withdrawal requirements',
        states: [signedIn, verified, bankBound, walletBound],
        endpoint: user.getCashStatus,
        body: {},
        who: 'user',
      },
      {
        identity_status: oneOf(identityStatus.options, 'verified'),
        identity_reject_reason: null,
        bank: bankAccountShape(bank),
        wallet: walletShape(wallet),
      },
      (result) => {
        expect(result.bank?.bank_name).toBe(bank.bank_name);
        expect(result.wallet?.network).toBe('TRC20');
      },
    ));

  it('refuses a bank before the identity is verified, with a message to show', () =>
    fails(
      pact,
      {
        description: 'a request to bind a bank account without a verified identity',
        states: [signedIn],
        endpoint: user.setUserBank,
        body: bank,
        who: 'user',
      },
      {
        code: CODES.failed,
        msg: like('Verify your identity before binding a bank account'),
      },
      (error) => {
        expect(error.kind).toBe('code');
      },
    ));

  it("refuses a bank in another holder's name, naming the field", () =>
    fails(
      pact,
      {
        description: 'a request to bind a bank account in another name',
        states: [signedIn, verified],
        endpoint: user.setUserBank,
        body: { ...bank, holder_name: 'Someone Else' },
        who: 'user',
      },
      {
        code: CODES.badRequest,
        msg: regex(/^holder_name: .+/, 'holder_name: must be the name on your verified identity'),
      },
      (error) => {
        expect(fieldErrorOf(error)?.field).toBe('holder_name');
      },
    ));

  it('refuses a wallet address whose checksum fails, naming the field', () =>
    fails(
      pact,
      {
        description: 'a request to bind a mistyped wallet address',
        states: [signedIn],
        endpoint: user.setUserWallet,
        // the bound address with its last character changed
        body: { network: 'TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSF' },
        who: 'user',
      },
      {
        code: CODES.badRequest,
        msg: regex(/^address: .+/, 'address: has a wrong checksum (a character is mistyped)'),
      },
      (error) => {
        expect(fieldErrorOf(error)?.field).toBe('address');
      },
    ));

  it('reads why the review rejected the identity', () =>
    succeeds(
      pact,
      {
        description: 'a request for the withdrawal requirements after a rejection',
        states: [signedIn, rejected],
        endpoint: user.getCashStatus,
        body: {},
        who: 'user',
      },
      {
        identity_status: oneOf(identityStatus.options, 'rejected'),
        identity_reject_reason: text(REJECT_REASON),
        bank: null,
        wallet: null,
      },
      (result) => {
        expect(result.identity_status).toBe('rejected');
        expect(result.identity_reject_reason).toBe(REJECT_REASON);
      },
    ));

  it('takes identity data again after a rejection', () =>
    succeeds(
      pact,
      {
        description: 'a request to submit identity data again after a rejection',
        states: [signedIn, rejected],
        endpoint: user.setAuthentication,
        body: {
          name: 'Fresh Trader',
          id_number: 'X1234567',
          phone: '+1 4155550101',
          birth_date: '1990-04-01',
          document_type: 'passport',
          front_image: IMAGE,
        },
        who: 'user',
      },
      { identity_status: oneOf(identityStatus.options, 'pending') },
      (result) => {
        expect(result.identity_status).toBe('pending');
      },
    ));

  it('binds a USDT wallet', () =>
    succeeds(
      pact,
      {
        description: 'a request to bind a wallet',
        states: [signedIn],
        endpoint: user.setUserWallet,
        body: wallet,
        who: 'user',
      },
      walletShape(wallet),
      (result) => {
        expect(result.currency).toBe('USDT');
        expect(result.address).toBe(wallet.address);
      },
    ));

  it("lists the user's support agents", () =>
    succeeds(
      pact,
      {
        description: "a request for the user's support agents",
        states: [signedIn],
        endpoint: user.getCustomerList,
        body: {},
        who: 'user',
      },
      {
        list: eachLike({
          id: id('1'),
          name: text('Emma'),
          channel: oneOf(channels, 'telegram'),
          link: text('https://t.me/bourse_emma'),
          online: boolean(true),
        }),
      },
      (result) => {
        expect(result.list[0]?.channel).toBe('telegram');
      },
    ));

  it('submits identity data for review', () =>
    succeeds(
      pact,
      {
        description: 'a request to submit identity data',
        states: [signedIn],
        endpoint: user.setAuthentication,
        body: {
          name: 'Fresh Trader',
          id_number: 'X1234567',
          phone: '+1 4155550101',
          birth_date: '1990-04-01',
          document_type: 'passport',
          front_image: IMAGE,
        },
        who: 'user',
      },
      { identity_status: oneOf(identityStatus.options, 'pending') },
      (result) => {
        expect(result.identity_status).toBe('pending');
      },
    ));

  it('lists the identity documents the review accepts', () =>
    succeeds(
      pact,
      {
        description: 'a request for the accepted identity documents',
        states: [signedIn],
        endpoint: user.getDocumentType,
        body: {},
        who: 'user',
      },
      {
        list: eachLike({
          id: id('passport'),
          name: text('Passport'),
          needs_back: boolean(false),
        }),
      },
      (result) => {
        expect(result.list[0]?.needs_back).toBe(false);
      },
    ));
});
