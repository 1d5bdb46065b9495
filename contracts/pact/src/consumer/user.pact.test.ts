/**
 * /api/users/*: the signed-in user's profile, security, bank, wallet and identity calls, signed
 * with PACT_TOKEN (the provider state opens its session), the 401 the client answers by signing
 * the user out, and every refusal the verification and binding screens handle (a 400 next to its
 * field, any other code as the app shows it).
 *
 * One table of cases: a new reply or refusal is one row (`answers` or `refuses`, support.ts).
 */
import { SCENARIOS } from '@bourse/fixtures';
import { CODES, endpoints, identityStatus } from '@bourse/protocol';
import { describe, expect } from 'vitest';
import { PACT_TOKEN } from '../pact.ts';
import { state } from '../states.ts';
import { boolean, decimal, eachLike, id, oneOf, text } from './matchers.ts';
import { bankAccountShape, codeSentShape, userInfoShape, walletShape } from './shapes.ts';
import { answers, newPact, refuses, runCases, type Case } from './support.ts';

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
const underReview = state("the user's identity is under review", { email: fresh.email });
const IMAGE = 'data:image/png;base64,iVBORw0KGgo=';
/** The identity data the verification screen sends. */
const IDENTITY = {
  name: 'Fresh Trader',
  id_number: 'X1234567',
  phone: '+1 4155550101',
  birth_date: '1990-04-01',
  document_type: 'passport',
  front_image: IMAGE,
};
const DELETE_CODE = '135790';

const channels = user.getCustomerList.response.shape.list.def.element.shape.channel.options;

const USER: readonly Case[] = [
  answers({
    name: 'sends a code to the own e-mail',
    description: "a request for a code to the signed-in user's e-mail",
    states: [signedIn],
    endpoint: user.sendEmail,
    body: { purpose: 'change_password' },
    data: codeSentShape(),
    check: (sent) => {
      expect(sent.resend_in).toBe(60);
    },
  }),
  answers({
    name: 'reads the signed-in user',
    description: 'a request for the signed-in user',
    states: [signedIn],
    endpoint: user.info,
    body: {},
    data: userInfoShape({ email: fresh.email, nickname: fresh.nickname }),
    check: (info) => {
      expect(info.email).toBe(fresh.email);
      expect(info.identity_status).toBe('unverified');
    },
  }),
  refuses({
    name: 'is told to sign in again when there is no session',
    description: 'a request for the user without a session',
    states: [state('no session', { token: PACT_TOKEN })],
    endpoint: user.info,
    body: {},
    code: CODES.unauthorized,
    msg: 'Please log in again',
  }),
  answers({
    name: 'changes the nickname',
    description: 'a request to change the nickname',
    states: [signedIn],
    endpoint: user.setNickname,
    body: { nickname: 'Moonwalker' },
    data: { nickname: text('Moonwalker') },
    check: (result) => {
      expect(result.nickname).toBe('Moonwalker');
    },
  }),
  answers({
    name: 'changes the password',
    description: 'a request to change the password',
    states: [signedIn],
    endpoint: user.changePassword,
    body: {
      old_password: fresh.password,
      password: 'FreshStart2027',
      confirm_password: 'FreshStart2027',
    },
    inject: {
      old_password: 'password',
      password: 'new_password',
      confirm_password: 'new_password',
    },
    data: {},
    check: (result) => {
      expect(result).toEqual({});
    },
  }),
  answers({
    name: 'deletes the account with the password and an e-mailed code',
    description: 'a request to delete the account',
    states: [
      signedIn,
      state('an account deletion code was sent', { email: fresh.email, code: DELETE_CODE }),
    ],
    endpoint: user.deleteUser,
    body: { password: fresh.password, code: DELETE_CODE },
    data: {},
    check: (result) => {
      expect(result).toEqual({});
    },
  }),
  answers({
    name: 'logs out',
    description: 'a request to log out',
    states: [signedIn],
    endpoint: user.logout,
    body: {},
    data: {},
    check: (result) => {
      expect(result).toEqual({});
    },
  }),
  answers({
    name: 'sets the avatar from a data URL',
    description: 'a request to set the avatar',
    states: [signedIn],
    endpoint: user.setHeadImg,
    body: { avatar: IMAGE },
    // a backend may answer with the URL of the stored image rather than the data URL sent
    data: { avatar: text(IMAGE) },
    check: (result) => {
      expect(typeof result.avatar).toBe('string');
    },
  }),
  answers({
    name: 'switches to the demo account',
    description: 'a request to switch to the demo account',
    states: [signedIn],
    endpoint: user.changeMock,
    body: { account_mode: 'demo' },
    // the mode asked for, exactly: the app switches its balances on it
    data: { account_mode: 'demo' },
    check: (result) => {
      expect(result.account_mode).toBe('demo');
    },
  }),
  answers({
    name: 'lists the currencies with their rates',
    description: 'a request for the display currencies',
    states: [signedIn],
    endpoint: user.getCurrency,
    body: {},
    data: {
      list: eachLike({
        code: text('USD'),
        name: text('US Dollar'),
        symbol: text('$'),
        rate: decimal('1'),
      }),
    },
    check: (result) => {
      expect(result.list[0]?.rate).toBe('1');
    },
  }),
  answers({
    name: "lists the user's support agents",
    description: "a request for the user's support agents",
    states: [signedIn],
    endpoint: user.getCustomerList,
    body: {},
    data: {
      list: eachLike({
        id: id('1'),
        name: text('Emma'),
        channel: oneOf(channels, 'telegram'),
        link: text('https://t.me/bourse_emma'),
        online: boolean(true),
      }),
    },
    check: (result) => {
      expect(result.list[0]?.channel).toBe('telegram');
    },
  }),

  // ---- binding: bank -----------------------------------------------------------------------
  answers({
    name: 'lists the bound bank accounts',
    description: 'a request for the bound bank accounts',
    states: [signedIn, verified, bankBound],
    endpoint: user.getBankList,
    body: {},
    data: { list: eachLike(bankAccountShape(bank)) },
    check: (result) => {
      expect(result.list).toHaveLength(1);
      expect(result.list[0]?.bank_name).toBe(bank.bank_name);
    },
  }),
  answers({
    name: 'binds a bank account',
    description: 'a request to bind a bank account',
    states: [signedIn, verified],
    endpoint: user.setUserBank,
    body: bank,
    inject: { holder_name: 'name' },
    data: bankAccountShape(bank),
    check: (result) => {
      expect(result.holder_name).toBe(bank.holder_name);
    },
  }),
  refuses({
    name: 'refuses a bank before the identity is verified, with a message to show',
    description: 'a request to bind a bank account without a verified identity',
    states: [signedIn],
    endpoint: user.setUserBank,
    body: bank,
    code: CODES.failed,
    msg: 'Verify your identity before binding a bank account',
  }),
  refuses({
    name: "refuses a bank in another holder's name, naming the field",
    description: 'a request to bind a bank account in another name',
    states: [signedIn, verified],
    endpoint: user.setUserBank,
    body: { ...bank, holder_name: 'Someone Else' },
    code: CODES.badRequest,
    field: 'holder_name',
    msg: 'The account holder must be the name on your verified identity.',
  }),
  refuses({
    name: 'refuses a virtual bank, naming the field',
    description: 'a request to bind a virtual bank account',
    states: [signedIn, verified],
    endpoint: user.setUserBank,
    body: { ...bank, bank_name: 'Revolut' },
    inject: { holder_name: 'name' },
    code: CODES.badRequest,
    field: 'bank_name',
    msg: 'Virtual bank accounts cannot receive withdrawals',
  }),

  // ---- binding: wallet ---------------------------------------------------------------------
  refuses({
    name: 'refuses a wallet before the identity is verified, with a message to show',
    description: 'a request to bind a wallet without a verified identity',
    states: [signedIn],
    endpoint: user.setUserWallet,
    body: wallet,
    code: CODES.failed,
    msg: 'Verify your identity before binding a USDT wallet',
  }),
  answers({
    name: 'binds a USDT wallet',
    description: 'a request to bind a wallet',
    states: [signedIn, verified],
    endpoint: user.setUserWallet,
    body: wallet,
    data: walletShape(wallet),
    check: (result) => {
      expect(result.currency).toBe('USDT');
      expect(result.address).toBe(wallet.address);
    },
  }),
  refuses({
    name: 'refuses a wallet address whose checksum fails, naming the field',
    description: 'a request to bind a mistyped wallet address',
    states: [signedIn, verified],
    endpoint: user.setUserWallet,
    // the bound address with its last character changed
    body: { network: 'TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSF' },
    code: CODES.badRequest,
    field: 'address',
    msg: 'This address fails its checksum: a character is mistyped',
  }),
  refuses({
    name: 'refuses an ERC20 address whose EIP-55 checksum fails, naming the field',
    description: 'a request to bind an ERC20 wallet address with a mistyped letter case',
    states: [signedIn, verified],
    endpoint: user.setUserWallet,
    // EIP-55's own example with the case of its last letter changed
    body: { network: 'ERC20', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD' },
    code: CODES.badRequest,
    field: 'address',
    msg: 'This address fails its checksum: a character is mistyped',
  }),
  refuses({
    name: 'refuses an address of the other network, naming the field',
    description: 'a request to bind a TRC20 address as an ERC20 wallet',
    states: [signedIn, verified],
    endpoint: user.setUserWallet,
    body: { network: 'ERC20', address: wallet.address },
    code: CODES.badRequest,
    field: 'address',
    msg: 'This address belongs to the other network',
  }),

  // ---- identity ----------------------------------------------------------------------------
  answers({
    name: 'reads what stands between the user and a withdrawal',
    description: 'a request for the withdrawal requirements',
    states: [signedIn, verified, bankBound, walletBound],
    endpoint: user.getCashStatus,
    body: {},
    data: {
      identity_status: oneOf(identityStatus.options, 'verified'),
      identity_reject_reason: null,
      bank: bankAccountShape(bank),
      wallet: walletShape(wallet),
    },
    check: (result) => {
      expect(result.bank?.bank_name).toBe(bank.bank_name);
      expect(result.wallet?.network).toBe('TRC20');
    },
  }),
  answers({
    name: 'reads why the review rejected the identity',
    description: 'a request for the withdrawal requirements after a rejection',
    states: [signedIn, rejected],
    endpoint: user.getCashStatus,
    body: {},
    data: {
      identity_status: oneOf(identityStatus.options, 'rejected'),
      identity_reject_reason: text(REJECT_REASON),
      bank: null,
      wallet: null,
    },
    check: (result) => {
      expect(result.identity_status).toBe('rejected');
      expect(result.identity_reject_reason).toBe(REJECT_REASON);
    },
  }),
  answers({
    name: 'submits identity data for review',
    description: 'a request to submit identity data',
    states: [signedIn],
    endpoint: user.setAuthentication,
    body: IDENTITY,
    data: { identity_status: oneOf(identityStatus.options, 'pending') },
    check: (result) => {
      expect(result.identity_status).toBe('pending');
    },
  }),
  answers({
    name: 'takes identity data again after a rejection',
    description: 'a request to submit identity data again after a rejection',
    states: [signedIn, rejected],
    endpoint: user.setAuthentication,
    body: IDENTITY,
    data: { identity_status: oneOf(identityStatus.options, 'pending') },
    check: (result) => {
      expect(result.identity_status).toBe('pending');
    },
  }),
  refuses({
    name: 'is told the identity is already under review',
    description: 'a request to submit identity data while the review has it',
    states: [signedIn, underReview],
    endpoint: user.setAuthentication,
    body: IDENTITY,
    code: CODES.failed,
    msg: 'Your identity is already under review',
  }),
  refuses({
    name: 'is told the identity is already verified',
    description: 'a request to submit identity data once it is verified',
    states: [signedIn, verified],
    endpoint: user.setAuthentication,
    body: IDENTITY,
    code: CODES.failed,
    msg: 'Your identity is already verified',
  }),
  answers({
    name: 'lists the identity documents the review accepts',
    description: 'a request for the accepted identity documents',
    states: [signedIn],
    endpoint: user.getDocumentType,
    body: {},
    data: {
      list: eachLike({
        id: id('passport'),
        name: text('Passport'),
        needs_back: boolean(false),
      }),
    },
    check: (result) => {
      expect(result.list[0]?.needs_back).toBe(false);
    },
  }),
];

describe('user', () => {
  runCases(pact, USER);
});
