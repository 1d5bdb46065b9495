/**
 * /api/login/*: sending a code, registering, logging in and resetting a password, as the web
 * client calls them, with the failures the screens handle (a wrong password, a wrong code).
 */
import { SCENARIOS } from '@bourse/fixtures';
import { CODES, endpoints } from '@bourse/protocol';
import { fieldErrorOf } from '@bourse/web/api';
import { describe, expect, it } from 'vitest';
import { state } from '../states.ts';
import { like, regex } from './matchers.ts';
import { codeSentShape, sessionShape } from './shapes.ts';
import { fails, newPact, succeeds } from './support.ts';

const { auth } = endpoints;
const pact = newPact();

/** a user of the fresh-user scenario */
const fresh = SCENARIOS['fresh-user'].users[0]!;
/** somebody who has no account yet */
const newcomer = { email: 'new.trader@example.com', password: 'NewTrader2026' };
const REGISTER_CODE = '123456';
const RESET_CODE = '246810';

const registered = state('a registered user', { email: fresh.email, password: fresh.password });
const unregistered = state('the e-mail is not registered', { email: newcomer.email });
const registerCodeSent = state('a register code was sent', {
  email: newcomer.email,
  code: REGISTER_CODE,
});

describe('auth', () => {
  it('sends a register code to an e-mail that has no account', () =>
    succeeds(
      pact,
      {
        description: 'a request for a register code',
        states: [unregistered],
        endpoint: auth.sendEmail,
        body: { email: newcomer.email, purpose: 'register' },
        inject: { email: 'email' },
        who: 'guest',
      },
      codeSentShape(),
      (sent) => {
        expect(sent.resend_in).toBe(60);
        expect(sent.expires_in).toBe(600);
      },
    ));

  it('registers with the code and is signed in', () =>
    succeeds(
      pact,
      {
        description: 'a request to register with the right code',
        states: [unregistered, registerCodeSent],
        endpoint: auth.register,
        body: {
          email: newcomer.email,
          code: REGISTER_CODE,
          password: newcomer.password,
          confirm_password: newcomer.password,
        },
        who: 'guest',
      },
      sessionShape({ email: newcomer.email, nickname: 'new.trader' }),
      (session) => {
        expect(session.token.length).toBeGreaterThanOrEqual(16);
        expect(session.user.email).toBe(newcomer.email);
      },
    ));

  it('refuses to register with a wrong code, naming the field', () =>
    fails(
      pact,
      {
        description: 'a request to register with a wrong code',
        states: [unregistered, registerCodeSent],
        endpoint: auth.register,
        body: {
          email: newcomer.email,
          code: '000000',
          password: newcomer.password,
          confirm_password: newcomer.password,
        },
        who: 'guest',
      },
      {
        code: CODES.badRequest,
        msg: regex(/^code: .+/, 'code: The verification code is incorrect or has expired'),
      },
      (error) => {
        expect(fieldErrorOf(error)).toEqual({
          field: 'code',
          reason: 'The verification code is incorrect or has expired',
        });
      },
    ));

  it('logs in with e-mail and password', () =>
    succeeds(
      pact,
      {
        description: 'a request to log in with the right password',
        states: [registered],
        endpoint: auth.login,
        body: { account: fresh.email, password: fresh.password },
        inject: { account: 'email', password: 'password' },
        who: 'guest',
      },
      sessionShape({ email: fresh.email, nickname: fresh.nickname }),
      (session) => {
        expect(session.token).toBe('f3c1a9e2b7d64c0e9a1b2c3d4e5f6a7b');
        expect(session.user.email).toBe(fresh.email);
        expect(session.expires_in).toBeGreaterThan(0);
      },
    ));

  it('refuses a wrong password with code 500 and a message to show', () =>
    fails(
      pact,
      {
        description: 'a request to log in with a wrong password',
        states: [registered],
        endpoint: auth.login,
        body: { account: fresh.email, password: 'WrongPass999' },
        inject: { account: 'email' },
        who: 'guest',
      },
      { code: CODES.failed, msg: like('Incorrect account or password') },
      (error) => {
        expect(error.kind).toBe('code');
        expect(error.msg).toBe('Incorrect account or password');
      },
    ));

  it('resets the password with an e-mailed code', () =>
    succeeds(
      pact,
      {
        description: 'a request to reset the password with the right code',
        states: [
          registered,
          state('a password reset code was sent', { email: fresh.email, code: RESET_CODE }),
        ],
        endpoint: auth.forget,
        body: {
          email: fresh.email,
          code: RESET_CODE,
          password: 'FreshStart2027',
          confirm_password: 'FreshStart2027',
        },
        who: 'guest',
      },
      {},
      (result) => {
        expect(result).toEqual({});
      },
    ));
});
