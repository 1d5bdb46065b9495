import { z } from 'zod/mini';
import {
  accountMode,
  decimalString,
  emailCode,
  empty,
  idString,
  password,
  timestampMs,
} from '../schemas.ts';
import { endpoint } from './endpoint.ts';
import { WALLET_ADDRESS_REASONS, walletAddressShapeProblem } from '../wallet-address-shape.ts';

export const identityStatus = z.enum(['unverified', 'pending', 'verified', 'rejected']);
export type IdentityStatus = z.infer<typeof identityStatus>;

/** A data URL of a compressed image, as the client uploads it. */
export const imageDataUrl = z.string().check(
  z.maxLength(700_000, { error: 'image is too large' }),
  z.regex(/^data:image\/(jpeg|png|webp);base64,[A-Za-z0-9+/]+=*$/, {
    error: 'must be a JPEG, PNG or WebP image',
  }),
);

export const userInfo = z.object({
  user_id: idString,
  email: z.string(),
  area_code: z.string(),
  phone: z.string(),
  nickname: z.string(),
  /** an absolute URL or a data URL; empty when none was set */
  avatar: z.string(),
  invite_code: z.string(),
  created_at: timestampMs,
  identity_status: identityStatus,
  account_mode: accountMode,
  /** the display currency for equivalents (ISO code) */
  currency: z.string(),
});
export type UserInfo = z.infer<typeof userInfo>;

export const codeSent = z.object({
  /** seconds until the code expires */
  expires_in: z.int().check(z.positive()),
  /** seconds until another code may be requested */
  resend_in: z.int().check(z.nonnegative()),
});

export const bankAccount = z.object({
  id: idString,
  bank_name: z.string(),
  account_no: z.string(),
  holder_name: z.string(),
  branch: z.string(),
  swift_code: z.string(),
  created_at: timestampMs,
});

/** The text fields of an identity submission, as sent to setAuthentication. */
export const identitySubmitted = z.object({
  name: z.string(),
  id_number: z.string(),
  phone: z.string(),
  birth_date: z.string(),
  document_type: z.string(),
});

export const walletNetwork = z.enum(['TRC20', 'ERC20']);
export const userWallet = z.object({
  id: idString,
  currency: z.literal('USDT'),
  network: walletNetwork,
  address: z.string(),
  created_at: timestampMs,
});

const EXAMPLE_USER = {
  user_id: '100001',
  email: 'trader@example.com',
  area_code: '+1',
  phone: '4155550100',
  nickname: 'Trader 100001',
  avatar: '',
  invite_code: 'K7Q2M9',
  created_at: 1_763_900_000_000,
  identity_status: 'unverified',
  account_mode: 'real',
  currency: 'USD',
} as const;

export const user = {
  sendEmail: endpoint({
    path: '/api/users/sendEmail',
    auth: 'user',
    loading: true,
    summary: "Sends a verification code to the signed-in user's own e-mail.",
    assumed: 'field `purpose` and its values; reply shape as /api/login/sendEmail',
    request: z.object({ purpose: z.enum(['change_password', 'delete_account', 'bind']) }),
    response: codeSent,
    example: {
      request: { purpose: 'delete_account' },
      response: { expires_in: 600, resend_in: 60 },
    },
  }),
  info: endpoint({
    path: '/api/users/info',
    auth: 'user',
    loading: false,
    summary: 'The signed-in user.',
    assumed: 'every field name; identity_status values; account_mode',
    request: empty,
    response: userInfo,
    example: { request: {}, response: EXAMPLE_USER },
  }),
  setNickname: endpoint({
    path: '/api/users/setNickname',
    auth: 'user',
    loading: true,
    summary: 'Changes the nickname (required, 1 to 20 characters after trimming).',
    assumed: 'field `nickname`; the length bound',
    request: z.object({
      nickname: z
        .string()
        .check(
          z.trim(),
          z.minLength(1, { error: 'is required' }),
          z.maxLength(20, { error: 'must be at most 20 characters' }),
        ),
    }),
    response: z.object({ nickname: z.string() }),
    example: { request: { nickname: 'Moonwalker' }, response: { nickname: 'Moonwalker' } },
  }),
  changePassword: endpoint({
    path: '/api/users/changePassword',
    auth: 'user',
    loading: true,
    summary: "Changes the password; the user's other sessions end, this one stays.",
    assumed: 'field names; ending the other sessions',
    request: z.object({
      old_password: z.string().check(z.minLength(1, { error: 'is required' })),
      password,
      confirm_password: z.string(),
    }),
    response: empty,
    example: {
      request: { old_password: 'Secret123', password: 'Better456', confirm_password: 'Better456' },
      response: {},
    },
  }),
  deleteUser: endpoint({
    path: '/api/users/deleteUser',
    auth: 'user',
    loading: true,
    summary: 'Deletes the account after the password and an e-mailed code confirm it.',
    assumed: 'that both the password and a code are asked for; field names',
    request: z.object({
      password: z.string().check(z.minLength(1, { error: 'is required' })),
      code: emailCode,
    }),
    response: empty,
    example: { request: { password: 'Secret123', code: '123456' }, response: {} },
  }),
  logout: endpoint({
    path: '/api/users/logout',
    auth: 'user',
    loading: false,
    summary: 'Ends this session.',
    assumed: 'empty request and reply',
    request: empty,
    response: empty,
    example: { request: {}, response: {} },
  }),
  setHeadImg: endpoint({
    path: '/api/users/setHeadImg',
    auth: 'user',
    loading: true,
    summary: 'Sets the avatar from a compressed image sent as a data URL.',
    assumed: 'field `avatar` as a data URL (the real backend may take a multipart upload)',
    request: z.object({ avatar: imageDataUrl }),
    response: z.object({ avatar: z.string() }),
    example: {
      request: { avatar: 'data:image/png;base64,iVBORw0KGgo=' },
      response: { avatar: 'data:image/png;base64,iVBORw0KGgo=' },
    },
  }),
  changeMock: endpoint({
    path: '/api/users/changeMock',
    auth: 'user',
    loading: true,
    summary: 'Switches between the real and the demo accounts.',
    assumed: 'field `account_mode`',
    request: z.object({ account_mode: accountMode }),
    response: z.object({ account_mode: accountMode }),
    example: { request: { account_mode: 'demo' }, response: { account_mode: 'demo' } },
  }),
  getCurrency: endpoint({
    path: '/api/users/getCurrency',
    auth: 'user',
    loading: false,
    summary: 'Currencies a user may show equivalents in, with their rate to USD.',
    assumed: 'every field; rates quoted as units per 1 USD',
    request: empty,
    response: z.object({
      list: z.array(
        z.object({
          code: z.string(),
          name: z.string(),
          symbol: z.string(),
          rate: decimalString,
        }),
      ),
    }),
    example: {
      request: {},
      response: { list: [{ code: 'USD', name: 'US Dollar', symbol: '$', rate: '1' }] },
    },
  }),
  getBankList: endpoint({
    path: '/api/users/getBankList',
    auth: 'user',
    loading: false,
    summary: "The user's bound bank accounts.",
    assumed: 'that this lists bound accounts (not the supported banks); every field',
    request: empty,
    response: z.object({ list: z.array(bankAccount) }),
    example: {
      request: {},
      response: {
        list: [
          {
            id: '1',
            bank_name: 'Chase',
            account_no: '****6789',
            holder_name: 'Alex Doe',
            branch: 'San Francisco',
            swift_code: 'CHASUS33',
            created_at: 1_763_900_000_000,
          },
        ],
      },
    },
  }),
  setUserBank: endpoint({
    path: '/api/users/setUserBank',
    auth: 'user',
    loading: true,
    summary: 'Binds a bank account (virtual bank accounts are refused).',
    assumed: 'field names; one bound bank account per user, replaced on a new bind',
    request: z.object({
      bank_name: z
        .string()
        .check(z.trim(), z.minLength(1, { error: 'is required' }), z.maxLength(80)),
      account_no: z
        .string()
        .check(
          z.trim(),
          z.regex(/^[A-Za-z0-9 -]{6,34}$/, { error: 'must be 6 to 34 letters or digits' }),
        ),
      holder_name: z
        .string()
        .check(z.trim(), z.minLength(1, { error: 'is required' }), z.maxLength(80)),
      branch: z._default(z.string().check(z.trim(), z.maxLength(80)), ''),
      swift_code: z._default(
        z.string().check(
          z.trim(),
          z.regex(/^$|^[A-Za-z0-9]{8}([A-Za-z0-9]{3})?$/, {
            error: 'must be 8 or 11 characters',
          }),
        ),
        '',
      ),
    }),
    response: bankAccount,
    example: {
      request: { bank_name: 'Chase', account_no: '000123456789', holder_name: 'Alex Doe' },
      response: {
        id: '1',
        bank_name: 'Chase',
        account_no: '****6789',
        holder_name: 'Alex Doe',
        branch: '',
        swift_code: '',
        created_at: 1_763_900_000_000,
      },
    },
  }),
  getCashStatus: endpoint({
    path: '/api/users/getCashStatus',
    auth: 'user',
    loading: false,
    summary:
      'What stands between the user and a withdrawal: identity (with the reason of a rejection), bound bank and wallet.',
    assumed: 'the meaning of the call and every field',
    request: empty,
    response: z.object({
      identity_status: identityStatus,
      /** why the review rejected the identity; null unless identity_status is rejected */
      identity_reject_reason: z.nullable(z.string()),
      /**
       * what the rejected submission said (not its photos), so that the form starts from it;
       * null or absent unless identity_status is rejected (ours: the real backend may not send it)
       */
      identity_submitted: z.optional(z.nullable(identitySubmitted)),
      bank: z.nullable(bankAccount),
      wallet: z.nullable(userWallet),
    }),
    example: {
      request: {},
      response: {
        identity_status: 'verified',
        identity_reject_reason: null,
        bank: null,
        wallet: null,
      },
    },
  }),
  setUserWallet: endpoint({
    path: '/api/users/setUserWallet',
    auth: 'user',
    loading: true,
    summary:
      "Binds a USDT wallet address, checked for its network: TRC20 base58check, ERC20 EIP-55 (the schema checks the shape; the checksum is the server's, and the bind page's, through @bourse/protocol/wallet-address).",
    assumed: 'field names; the networks; one wallet per user, replaced on a new bind',
    request: z
      .object({
        network: walletNetwork,
        address: z
          .string()
          .check(z.trim(), z.minLength(1, { error: 'is required' }), z.maxLength(64)),
      })
      .check(
        z.superRefine((body, ctx) => {
          const problem = walletAddressShapeProblem(body.network, body.address);
          if (problem !== null) {
            ctx.addIssue({
              code: 'custom',
              path: ['address'],
              message: WALLET_ADDRESS_REASONS[problem],
            });
          }
        }),
      ),
    response: userWallet,
    example: {
      request: { network: 'TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' },
      response: {
        id: '1',
        currency: 'USDT',
        network: 'TRC20',
        address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
        created_at: 1_763_900_000_000,
      },
    },
  }),
  getCustomerList: endpoint({
    path: '/api/users/getCustomerList',
    auth: 'user',
    loading: false,
    summary: 'The support agents assigned to the signed-in user, with the links to reach them.',
    assumed: 'the meaning of the call (index/getCustomerList is the public one) and every field',
    request: empty,
    response: z.object({
      list: z.array(
        z.object({
          id: idString,
          name: z.string(),
          channel: z.enum(['online', 'telegram', 'whatsapp', 'email']),
          link: z.string(),
          online: z.boolean(),
        }),
      ),
    }),
    example: {
      request: {},
      response: {
        list: [
          {
            id: '1',
            name: 'Emma',
            channel: 'telegram',
            link: 'https://t.me/bourse_emma',
            online: true,
          },
        ],
      },
    },
  }),
  setAuthentication: endpoint({
    path: '/api/users/setAuthentication',
    auth: 'user',
    loading: true,
    summary:
      'Submits identity data for review; the status becomes pending. A rejected user may submit again.',
    assumed: 'field names; the date format; a front and an optional back image',
    request: z.object({
      name: z.string().check(z.trim(), z.minLength(1, { error: 'is required' }), z.maxLength(80)),
      id_number: z
        .string()
        .check(z.trim(), z.minLength(4, { error: 'is required' }), z.maxLength(40)),
      phone: z
        .string()
        .check(z.trim(), z.regex(/^\+?[0-9 -]{5,20}$/, { error: 'must be a phone number' })),
      birth_date: z.iso.date({ error: 'must be a date (YYYY-MM-DD)' }),
      document_type: idString,
      front_image: imageDataUrl,
      back_image: z.optional(imageDataUrl),
    }),
    response: z.object({ identity_status: identityStatus }),
    example: {
      request: {
        name: 'Alex Doe',
        id_number: 'X1234567',
        phone: '+1 4155550100',
        birth_date: '1990-04-01',
        document_type: 'passport',
        front_image: 'data:image/jpeg;base64,/9j/4AAQ',
      },
      response: { identity_status: 'pending' },
    },
  }),
  getDocumentType: endpoint({
    path: '/api/users/getDocumentType',
    auth: 'user',
    loading: false,
    summary: 'Identity documents the review accepts.',
    assumed: 'every field',
    request: empty,
    response: z.object({
      list: z.array(z.object({ id: idString, name: z.string(), needs_back: z.boolean() })),
    }),
    example: {
      request: {},
      response: { list: [{ id: 'passport', name: 'Passport', needs_back: false }] },
    },
  }),
};

export { EXAMPLE_USER };
