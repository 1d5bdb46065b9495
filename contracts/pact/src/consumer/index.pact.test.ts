/**
 * /api/index/*: the platform's public content, read by a guest before (or without) signing in:
 * languages, phone codes, banners, announcements, customer service, help, wallets, policies,
 * settings and symbols.
 */
import { CODES, configKey, endpoints, LANGUAGES, symbolCategory } from '@bourse/protocol';
import { describe, expect, it } from 'vitest';
import { state } from '../states.ts';
import {
  boolean,
  decimal,
  eachLike,
  equal,
  id,
  integer,
  like,
  millis,
  oneOf,
  regex,
  text,
} from './matchers.ts';
import { fails, newPact, succeeds } from './support.ts';

const { index } = endpoints;
const pact = newPact();

const ANNOUNCEMENT_ID = '101';
const channels = index.getCustomer.response.shape.list.def.element.shape.channel.options;

describe('index', () => {
  it('lists the languages', () =>
    succeeds(
      pact,
      {
        description: 'a request for the languages',
        endpoint: index.getLang,
        body: {},
        who: 'guest',
      },
      {
        default: oneOf(LANGUAGES, 'en'),
        list: eachLike({ code: oneOf(LANGUAGES, 'en'), name: text('English') }),
      },
      (result) => {
        expect(result.default).toBe('en');
        expect(result.list[0]?.code).toBe('en');
      },
    ));

  it('lists the country calling codes', () =>
    succeeds(
      pact,
      {
        description: 'a request for the phone codes',
        endpoint: index.getPhoneCode,
        body: {},
        who: 'guest',
      },
      {
        list: eachLike({
          iso: regex(/^[A-Z]{2}$/, 'US'),
          country: text('United States'),
          code: regex(/^\+\d{1,4}$/, '+1'),
        }),
      },
      (result) => {
        expect(result.list[0]?.code).toBe('+1');
      },
    ));

  it('lists the home banners', () =>
    succeeds(
      pact,
      {
        description: 'a request for the banners',
        endpoint: index.bannerList,
        body: {},
        who: 'guest',
      },
      {
        list: eachLike({
          id: id('1'),
          title: text('Trade crypto 24/7'),
          image: text('/static/banners/crypto.svg'),
          link: text('/pages/quotes/quotes'),
        }),
      },
      (result) => {
        expect(result.list[0]?.link).toBe('/pages/quotes/quotes');
      },
    ));

  it('lists the announcements a page at a time', () =>
    succeeds(
      pact,
      {
        description: 'a request for the first page of announcements',
        endpoint: index.noticeList,
        body: { page: 1, limit: 20 },
        who: 'guest',
      },
      {
        list: eachLike({
          id: id(ANNOUNCEMENT_ID),
          title: text('Scheduled maintenance this Sunday'),
          summary: text('Trading pauses on Sunday 02:00–03:00 UTC.'),
          pinned: boolean(true),
          created_at: millis(),
        }),
        total: integer(9),
        page: integer(1),
        limit: integer(20),
      },
      (result) => {
        expect(result.page).toBe(1);
        expect(result.list[0]?.pinned).toBe(true);
      },
    ));

  it('opens an announcement', () =>
    succeeds(
      pact,
      {
        description: 'a request for an announcement',
        states: [state('an announcement exists', { id: ANNOUNCEMENT_ID })],
        endpoint: index.noticeDetail,
        body: { id: ANNOUNCEMENT_ID },
        who: 'guest',
      },
      {
        // the one asked for
        id: ANNOUNCEMENT_ID,
        title: text('Scheduled maintenance this Sunday'),
        content: text('<p>Trading pauses on Sunday 02:00–03:00 UTC.</p>'),
        created_at: millis(),
      },
      (result) => {
        expect(result.id).toBe(ANNOUNCEMENT_ID);
        expect(result.content).toContain('<p>');
      },
    ));

  it('is told an announcement does not exist', () =>
    fails(
      pact,
      {
        description: 'a request for an announcement that does not exist',
        states: [state('no announcement has the id', { id: 'no-such-notice' })],
        endpoint: index.noticeDetail,
        body: { id: 'no-such-notice' },
        who: 'guest',
      },
      {
        code: CODES.notFound,
        msg: like('This announcement does not exist or has been removed'),
      },
      (error) => {
        expect(error.code).toBe(404);
      },
    ));

  it('lists the customer service channels', () =>
    succeeds(
      pact,
      {
        description: 'a request for the customer service channels',
        endpoint: index.getCustomer,
        body: {},
        who: 'guest',
      },
      {
        list: eachLike({
          id: id('online'),
          name: text('Online support'),
          channel: oneOf(channels, 'online'),
          link: text('/pages/consult/consult'),
          hours: text('24/7'),
        }),
      },
      (result) => {
        expect(result.list[0]?.channel).toBe('online');
      },
    ));

  it('lists the help centre questions', () =>
    succeeds(
      pact,
      {
        description: 'a request for the help centre',
        endpoint: index.getCustomerList,
        body: {},
        who: 'guest',
      },
      {
        list: eachLike({
          id: id('1'),
          category: text('Account'),
          title: text('How do I reset my password?'),
          content: text('<p>Tap “Forgot password” on the login page.</p>'),
          created_at: millis(),
        }),
      },
      (result) => {
        expect(result.list[0]?.category).toBe('Account');
      },
    ));

  it('lists the deposit networks', () =>
    succeeds(
      pact,
      {
        description: 'a request for the wallet networks',
        endpoint: index.getWalletList,
        body: {},
        who: 'guest',
      },
      {
        list: eachLike({
          id: id('usdt-trc20'),
          currency: text('USDT'),
          network: text('TRC20'),
          min_deposit: decimal('10'),
          confirmations: integer(20),
        }),
      },
      (result) => {
        expect(result.list[0]?.min_deposit).toBe('10');
      },
    ));

  it('lists the policy pages', () =>
    succeeds(
      pact,
      {
        description: 'a request for the policy pages',
        endpoint: index.getConfigList,
        body: {},
        who: 'guest',
      },
      { list: eachLike({ key: oneOf(configKey.options, 'about_us'), title: text('About us') }) },
      (result) => {
        expect(result.list[0]?.key).toBe('about_us');
      },
    ));

  it('opens a policy page', () =>
    succeeds(
      pact,
      {
        description: 'a request for the about-us page',
        endpoint: index.getConfigDetail,
        body: { key: 'about_us' },
        who: 'guest',
      },
      {
        // the one asked for
        key: 'about_us',
        title: text('About us'),
        content: text('<p>Bourse is…</p>'),
        updated_at: millis(),
      },
      (result) => {
        expect(result.key).toBe('about_us');
      },
    ));

  it('reads the platform settings', () =>
    succeeds(
      pact,
      {
        description: 'a request for the platform settings',
        endpoint: index.getConfig,
        body: {},
        who: 'guest',
      },
      {
        site_name: text('Bourse'),
        app_version: text('1.0.1'),
        support_email: text('support@bourse.example'),
        register_needs_invite: boolean(false),
        withdraw_fee_rate: decimal('0.01'),
        min_withdraw: decimal('20'),
        min_deposit: decimal('10'),
        demo_balance: decimal('100000'),
        demo_top_up_min: decimal('100'),
        demo_top_up_max: decimal('100000'),
      },
      (result) => {
        expect(result.withdraw_fee_rate).toBe('0.01');
      },
    ));

  it('lists the symbols of one category', () =>
    succeeds(
      pact,
      {
        description: 'a request for the crypto symbols',
        endpoint: index.getSymbolList,
        body: { category: 'crypto' },
        who: 'guest',
      },
      {
        list: eachLike({
          id: id('1'),
          symbol: text('BTC/USDT'),
          display: text('BTC/USDT'),
          name: text('Bitcoin'),
          icon: text('/static/symbols/btc.svg'),
          // the category asked for
          category: equal(symbolCategory.def.entries.crypto),
          price_precision: integer(2),
          qty_step: decimal('0.0001'),
          time_zone: text('UTC'),
        }),
      },
      (result) => {
        expect(result.list.every((symbol) => symbol.category === 'crypto')).toBe(true);
      },
    ));
});
