import { z } from 'zod/mini';
import { email, emailCode, empty, password } from '../schemas.ts';
import { endpoint } from './endpoint.ts';
import { codeSent, EXAMPLE_USER, userInfo } from './user.ts';

/** What login and register return: the session token and the user. */
export const session = z.object({
  token: z.string().check(z.minLength(16)),
  /** ms until the session expires if unused */
  expires_in: z.int().check(z.positive()),
  user: userInfo,
});

const inviteCode = z
  .string()
  .check(z.trim(), z.regex(/^$|^[A-Za-z0-9]{4,12}$/, { error: 'is not a valid invitation code' }));

export const auth = {
  sendEmail: endpoint({
    path: '/api/login/sendEmail',
    auth: 'guest',
    loading: true,
    summary:
      'Sends a 6-digit code for registering or resetting the password; single use, 10 min, one per 60 s.',
    assumed: 'field `purpose` and its values; reply fields',
    request: z.object({ email, purpose: z.enum(['register', 'forget']) }),
    response: codeSent,
    example: {
      request: { email: 'trader@example.com', purpose: 'register' },
      response: { expires_in: 600, resend_in: 60 },
    },
  }),
  register: endpoint({
    path: '/api/login/register',
    auth: 'guest',
    loading: true,
    summary: 'Creates an account from a verified e-mail and signs it in.',
    assumed: 'field names; that the server checks confirm_password too; the reply signs in',
    request: z.object({
      email,
      code: emailCode,
      password,
      confirm_password: z.string(),
      invite_code: z._default(inviteCode, ''),
    }),
    response: session,
    example: {
      request: {
        email: 'trader@example.com',
        code: '123456',
        password: 'Secret123',
        confirm_password: 'Secret123',
        invite_code: 'K7Q2M9',
      },
      response: {
        token: 'f3c1a9e2b7d64c0e9a1b2c3d4e5f6a7b',
        expires_in: 604_800_000,
        user: EXAMPLE_USER,
      },
    },
  }),
  login: endpoint({
    path: '/api/login/index',
    auth: 'guest',
    loading: true,
    summary:
      'Signs in by e-mail or phone and password. A failure never tells whether the account exists.',
    assumed:
      'fields `account` (an e-mail when it holds @, else a phone number) and `area_code`; the reply shape',
    request: z
      .object({
        /** an e-mail address, or the national number of a phone (digits only) */
        account: z.string().check(z.trim(), z.minLength(1, { error: 'is required' })),
        /** the country calling code, required with a phone number */
        area_code: z._default(
          z.string().check(z.regex(/^$|^\+\d{1,4}$/, { error: 'must look like +1' })),
          '',
        ),
        password: z.string().check(z.minLength(1, { error: 'is required' })),
      })
      .check(
        z.refine((body) => body.account.includes('@') || body.area_code !== '', {
          error: 'is required with a phone number',
          path: ['area_code'],
        }),
        z.refine(
          (body) =>
            body.account.includes('@')
              ? email.safeParse(body.account).success
              : /^\d{4,15}$/.test(body.account),
          {
            error: 'must be an e-mail address or a phone number',
            path: ['account'],
          },
        ),
      ),
    response: session,
    example: {
      request: { account: 'trader@example.com', password: 'Secret123' },
      response: {
        token: 'f3c1a9e2b7d64c0e9a1b2c3d4e5f6a7b',
        expires_in: 604_800_000,
        user: EXAMPLE_USER,
      },
    },
  }),
  forget: endpoint({
    path: '/api/login/forget',
    auth: 'guest',
    loading: true,
    summary: "Resets a password with an e-mailed code; the account's sessions end.",
    assumed: 'field names',
    request: z.object({ email, code: emailCode, password, confirm_password: z.string() }),
    response: empty,
    example: {
      request: {
        email: 'trader@example.com',
        code: '123456',
        password: 'Better456',
        confirm_password: 'Better456',
      },
      response: {},
    },
  }),
};
