/**
 * Reply shapes more than one domain's contract uses: the user, a session, a code sent, a bound
 * bank account and wallet. Each field the client's schema requires is here, matched by type or
 * format; nothing the client does not read.
 */
import { accountMode, identityStatus, walletNetwork } from '@bourse/protocol';
import { id, integer, millis, oneOf, regex, text } from './matchers.ts';

export const userInfoShape = (example: { email: string; nickname: string }) => ({
  user_id: id('100001'),
  email: text(example.email),
  area_code: text('+1'),
  phone: text('4155550101'),
  nickname: text(example.nickname),
  avatar: text(''),
  invite_code: text('FRSH26'),
  created_at: millis(),
  identity_status: oneOf(identityStatus.options, 'unverified'),
  account_mode: oneOf(accountMode.options, 'real'),
  currency: text('USD'),
});

/** What login and register answer: the client keeps the token and signs with it. */
export const sessionShape = (example: { email: string; nickname: string }) => ({
  // the client signs with the token; the schema asks for at least 16 characters
  token: regex(/^\S{16,}$/, 'f3c1a9e2b7d64c0e9a1b2c3d4e5f6a7b'),
  expires_in: integer(604_800_000),
  user: userInfoShape(example),
});

export const codeSentShape = () => ({
  expires_in: integer(600),
  resend_in: integer(60),
});

export const bankAccountShape = (example: { bank_name: string; holder_name: string }) => ({
  id: id('1'),
  bank_name: text(example.bank_name),
  account_no: text('****6789'),
  holder_name: text(example.holder_name),
  branch: text(''),
  swift_code: text(''),
  created_at: millis(),
});

export const walletShape = (example: { network: 'TRC20' | 'ERC20'; address: string }) => ({
  id: id('1'),
  // the schema allows USDT only
  currency: 'USDT',
  network: oneOf(walletNetwork.options, example.network),
  address: text(example.address),
  created_at: millis(),
});
