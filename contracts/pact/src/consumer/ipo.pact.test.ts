/**
 * /api/trades/getIpoList and getIpoDetail: the IPO offerings a guest (or a user) reads on the
 * home and IPO screens, by stage, and one offering opened from a link.
 */
import { CODES, endpoints, IPO_STATUSES, type IpoStatus } from '@bourse/protocol';
import { describe, expect, it } from 'vitest';
import { state } from '../states.ts';
import { decimal, eachLike, id, integer, like, millis, oneOf, regex, text } from './matchers.ts';
import { fails, newPact, succeeds } from './support.ts';

const { market } = endpoints;
const pact = newPact();

const OFFERING_ID = '1';

/** What an offering reveals in each stage: the multiple once the book closed, the price once listed. */
const revealed = (status: IpoStatus) => ({
  subscription_multiple: status === 'subscribing' ? null : decimal('14.62'),
  listing_price: status === 'listed' ? decimal('31.85') : null,
  listing_change_rate: status === 'listed' ? decimal('32.71') : null,
});

const offering = (status: IpoStatus) => ({
  id: id(OFFERING_ID),
  symbol: text('HLVA'),
  name: text('Halvorsen Aerospace Corp.'),
  icon: text(''),
  exchange: text('NYSE'),
  issue_price: decimal('24.00'),
  currency: regex(/^[A-Z]{3,5}$/, 'USD'),
  shares_offered: decimal('18000000'),
  min_shares: decimal('100'),
  raise_amount: decimal('432000000.00'),
  subscription_start: millis(),
  subscription_end: millis(),
  allotment_time: millis(),
  listing_time: millis(),
  // the stage asked for, exactly
  status,
  ...revealed(status),
  summary: text('Small satellite launchers and reusable upper stages.'),
  description: text('Halvorsen Aerospace designs and flies launch vehicles.'),
});

describe('ipo', () => {
  for (const status of IPO_STATUSES) {
    it(`lists the offerings in the ${status} stage a page at a time`, () =>
      succeeds(
        pact,
        {
          description: `a request for the first page of ${status} IPO offerings`,
          states: [state('IPO offerings are in the stage', { status })],
          endpoint: market.getIpoList,
          body: { status, page: 1, limit: 20 },
          who: 'guest',
        },
        {
          list: eachLike(offering(status)),
          total: integer(3),
          page: integer(1),
          limit: integer(20),
        },
        (result) => {
          expect(result.list.every((item) => item.status === status)).toBe(true);
          expect(result.page).toBe(1);
        },
      ));
  }

  it('opens an offering', () =>
    succeeds(
      pact,
      {
        description: 'a request for an IPO offering open for subscription',
        states: [
          state('an IPO offering is in a stage', { id: OFFERING_ID, status: 'subscribing' }),
        ],
        endpoint: market.getIpoDetail,
        body: { id: OFFERING_ID },
        who: 'guest',
      },
      {
        ...offering('subscribing'),
        // the one asked for
        id: OFFERING_ID,
        status: oneOf(['subscribing'], 'subscribing'),
      },
      (result) => {
        expect(result.id).toBe(OFFERING_ID);
        expect(result.subscription_multiple).toBeNull();
        expect(result.subscription_start).toBeLessThanOrEqual(result.subscription_end);
      },
    ));

  it('is told an offering does not exist', () =>
    fails(
      pact,
      {
        description: 'a request for an IPO offering that does not exist',
        states: [state('no IPO offering has the id', { id: 'no-such-ipo' })],
        endpoint: market.getIpoDetail,
        body: { id: 'no-such-ipo' },
        who: 'guest',
      },
      { code: CODES.notFound, msg: like('Not found') },
      (error) => {
        expect(error.code).toBe(404);
      },
    ));
});
