import { z } from 'zod/mini';
import {
  decimalString,
  empty,
  idString,
  language,
  pageOf,
  pageRequest,
  timestampMs,
} from '../schemas.ts';
import { endpoint } from './endpoint.ts';

export const symbolCategory = z.enum(['stock', 'metal', 'forex', 'crypto']);
export type SymbolCategory = z.infer<typeof symbolCategory>;

/** A tradable symbol as the catalogue lists it (live prices come from the market calls). */
export const symbolInfo = z.object({
  id: idString,
  /** the ticker as the market writes it, e.g. BTC/USDT, AAPL, XAU/USD */
  symbol: z.string(),
  /** the name shown to users */
  display: z.string(),
  name: z.string(),
  /** an absolute URL or a path on the API host; empty for the lettered fallback */
  icon: z.string(),
  category: symbolCategory,
  /** decimals a price is written with */
  price_precision: z.int().check(z.gte(0), z.lte(10)),
  /** the smallest quantity step, as a decimal string */
  qty_step: decimalString,
  /** IANA time zone of the trading hours */
  time_zone: z.string(),
});
export type SymbolInfo = z.infer<typeof symbolInfo>;

export const noticeSummary = z.object({
  id: idString,
  title: z.string(),
  summary: z.string(),
  pinned: z.boolean(),
  created_at: timestampMs,
});

export const contentDetail = z.object({
  id: idString,
  title: z.string(),
  /** server HTML: the client sanitises it before showing it */
  content: z.string(),
  created_at: timestampMs,
});

export const configKey = z.enum(['service_policy', 'about_us', 'user_agreement', 'privacy_policy']);
export type ConfigKey = z.infer<typeof configKey>;

const customerChannel = z.object({
  id: idString,
  name: z.string(),
  channel: z.enum(['online', 'telegram', 'whatsapp', 'email']),
  link: z.string(),
  /** service hours, as the operator writes them */
  hours: z.string(),
});

export const index = {
  getLang: endpoint({
    path: '/api/index/getLang',
    auth: 'guest',
    loading: false,
    summary: 'The languages the app is offered in, each named in itself.',
    assumed: 'every field',
    request: empty,
    response: z.object({
      default: language,
      list: z.array(z.object({ code: language, name: z.string() })),
    }),
    example: { request: {}, response: { default: 'en', list: [{ code: 'en', name: 'English' }] } },
  }),
  getPhoneCode: endpoint({
    path: '/api/index/getPhoneCode',
    auth: 'guest',
    loading: false,
    summary: 'Country calling codes for the phone login.',
    assumed: 'every field',
    request: empty,
    response: z.object({
      list: z.array(
        z.object({ iso: z.string().check(z.length(2)), country: z.string(), code: z.string() }),
      ),
    }),
    example: {
      request: {},
      response: { list: [{ iso: 'US', country: 'United States', code: '+1' }] },
    },
  }),
  bannerList: endpoint({
    path: '/api/index/bannerList',
    auth: 'guest',
    loading: false,
    summary: 'Home banners, in display order.',
    assumed: 'every field; `link` is an in-app route or an absolute URL',
    request: empty,
    response: z.object({
      list: z.array(
        z.object({ id: idString, title: z.string(), image: z.string(), link: z.string() }),
      ),
    }),
    example: {
      request: {},
      response: {
        list: [
          {
            id: '1',
            title: 'Trade crypto 24/7',
            image: '/static/banners/crypto.svg',
            link: '/pages/quotes/quotes',
          },
        ],
      },
    },
  }),
  noticeList: endpoint({
    path: '/api/index/noticeList',
    auth: 'guest',
    loading: false,
    summary: 'Announcements, pinned first, newest first.',
    assumed: 'every field',
    request: pageRequest,
    response: pageOf(noticeSummary),
    example: {
      request: { page: 1, limit: 20 },
      response: {
        list: [
          {
            id: '1',
            title: 'Scheduled maintenance',
            summary: 'Trading pauses on Sunday 02:00–03:00 UTC.',
            pinned: true,
            created_at: 1_763_900_000_000,
          },
        ],
        total: 1,
        page: 1,
        limit: 20,
      },
    },
  }),
  noticeDetail: endpoint({
    path: '/api/index/noticeDetail',
    auth: 'guest',
    loading: true,
    summary: 'One announcement with its HTML body (404 when there is none by that id).',
    assumed: 'field `id`; reply fields',
    request: z.object({ id: idString }),
    response: contentDetail,
    example: {
      request: { id: '1' },
      response: {
        id: '1',
        title: 'Scheduled maintenance',
        content: '<p>Trading pauses on Sunday 02:00–03:00 UTC.</p>',
        created_at: 1_763_900_000_000,
      },
    },
  }),
  getCustomer: endpoint({
    path: '/api/index/getCustomer',
    auth: 'guest',
    loading: false,
    summary: 'How to reach customer service: the online desk and its other channels.',
    assumed: 'the meaning of the call and every field',
    request: empty,
    response: z.object({ list: z.array(customerChannel) }),
    example: {
      request: {},
      response: {
        list: [
          {
            id: '1',
            name: 'Online desk',
            channel: 'online',
            link: 'https://support.example.com',
            hours: '24/7',
          },
        ],
      },
    },
  }),
  getCustomerList: endpoint({
    path: '/api/index/getCustomerList',
    auth: 'guest',
    loading: false,
    summary:
      'The help centre: common questions, each with an HTML answer (consult and its detail).',
    assumed: 'the meaning of the call and every field',
    request: empty,
    response: z.object({
      list: z.array(z.extend(contentDetail, { category: z.string() })),
    }),
    example: {
      request: {},
      response: {
        list: [
          {
            id: '1',
            category: 'Account',
            title: 'How do I reset my password?',
            content: '<p>Tap “Forgot password” on the login page.</p>',
            created_at: 1_763_900_000_000,
          },
        ],
      },
    },
  }),
  getWalletList: endpoint({
    path: '/api/index/getWalletList',
    auth: 'guest',
    loading: false,
    summary: 'The crypto networks deposits and wallet binding accept.',
    assumed: 'the meaning of the call and every field',
    request: empty,
    response: z.object({
      list: z.array(
        z.object({
          id: idString,
          currency: z.string(),
          network: z.string(),
          min_deposit: decimalString,
          confirmations: z.int().check(z.nonnegative()),
        }),
      ),
    }),
    example: {
      request: {},
      response: {
        list: [
          {
            id: 'usdt-trc20',
            currency: 'USDT',
            network: 'TRC20',
            min_deposit: '10',
            confirmations: 20,
          },
        ],
      },
    },
  }),
  getConfigList: endpoint({
    path: '/api/index/getConfigList',
    auth: 'guest',
    loading: false,
    summary: 'The policy and information pages that exist.',
    assumed: 'every field; the four keys',
    request: empty,
    response: z.object({ list: z.array(z.object({ key: configKey, title: z.string() })) }),
    example: { request: {}, response: { list: [{ key: 'about_us', title: 'About us' }] } },
  }),
  getConfigDetail: endpoint({
    path: '/api/index/getConfigDetail',
    auth: 'guest',
    loading: true,
    summary: 'One policy or information page, as HTML.',
    assumed: 'field `key`; reply fields',
    request: z.object({ key: configKey }),
    response: z.object({
      key: configKey,
      title: z.string(),
      content: z.string(),
      updated_at: timestampMs,
    }),
    example: {
      request: { key: 'about_us' },
      response: {
        key: 'about_us',
        title: 'About us',
        content: '<p>Bourse is…</p>',
        updated_at: 1_763_900_000_000,
      },
    },
  }),
  getConfig: endpoint({
    path: '/api/index/getConfig',
    auth: 'guest',
    loading: false,
    summary: 'Platform settings the app needs before sign-in.',
    assumed: 'every field',
    request: empty,
    response: z.object({
      site_name: z.string(),
      app_version: z.string(),
      support_email: z.string(),
      register_needs_invite: z.boolean(),
      withdraw_fee_rate: decimalString,
      min_withdraw: decimalString,
      min_deposit: decimalString,
      /** the bonus a new demo account starts with */
      demo_balance: decimalString,
      /** the least and the most one play-money top-up of the demo fund (addRechMock) may add */
      demo_top_up_min: decimalString,
      demo_top_up_max: decimalString,
    }),
    example: {
      request: {},
      response: {
        site_name: 'Bourse',
        app_version: '1.0.1',
        support_email: 'support@bourse.example',
        register_needs_invite: false,
        withdraw_fee_rate: '0.01',
        min_withdraw: '20',
        min_deposit: '10',
        demo_balance: '100000',
        demo_top_up_min: '100',
        demo_top_up_max: '100000',
      },
    },
  }),
  getSymbolList: endpoint({
    path: '/api/index/getSymbolList',
    auth: 'guest',
    loading: false,
    summary: 'Every tradable symbol, by category.',
    assumed: 'every field',
    request: z.object({ category: z.optional(symbolCategory) }),
    response: z.object({ list: z.array(symbolInfo) }),
    example: {
      request: {},
      response: {
        list: [
          {
            id: '1',
            symbol: 'BTC/USDT',
            display: 'BTC/USDT',
            name: 'Bitcoin',
            icon: '/static/symbols/btc.svg',
            category: 'crypto',
            price_precision: 2,
            qty_step: '0.0001',
            time_zone: 'UTC',
          },
        ],
      },
    },
  }),
};
