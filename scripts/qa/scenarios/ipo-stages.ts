import { endpoints, IPO_STATUSES, type IpoOffering } from '@bourse/protocol';
import { check, checkEqual, defineScenario } from '../scenario.ts';
import { accountOf } from './accounts.ts';

const account = accountOf('verified-trader');

export default defineScenario({
  name: 'ipo-stages',
  summary: 'offerings in each of the four IPO stages, and the clock moving one through them all',
  setUp: async ({ control, step }) => {
    await step('reset to the verified-trader scenario', () => control.reset('verified-trader'));
    await step('freeze the clock', () => control.clock({ action: 'freeze' }));
  },
  run: async ({ control, client, step }) => {
    const guest = client();
    const detail = (id: string) => guest.ok(endpoints.market.getIpoDetail, { id });
    let offering: IpoOffering | undefined;
    for (const status of IPO_STATUSES) {
      await step(`the ${status} list has offerings, all ${status}`, async () => {
        const page = await guest.ok(endpoints.market.getIpoList, { status, page: 1, limit: 50 });
        check(page.list.length > 0, `no offering is ${status}`);
        check(
          page.list.every((item) => item.status === status),
          `the ${status} list holds another stage`,
        );
        if (status === 'subscribing') offering = page.list[0];
      });
    }
    const subscribing = offering;
    check(subscribing !== undefined, 'an offering to follow');
    const moveTo = async (at: number) => {
      const { now } = await control.getClock();
      if (at > now) await control.advance(at - now + 1000);
    };
    await step('the clock moves it to submitted at the end of subscription', async () => {
      await moveTo(subscribing.subscription_end);
      const now = await detail(subscribing.id);
      checkEqual(now.status, 'submitted', 'the stage');
      check(now.subscription_multiple !== null, 'a subscription multiple once submitted');
    });
    await step('to pending listing at the allotment', async () => {
      await moveTo(subscribing.allotment_time);
      checkEqual((await detail(subscribing.id)).status, 'pending_listing', 'the stage');
    });
    await step('to listed at the listing, with a listing price', async () => {
      await moveTo(subscribing.listing_time);
      const listed = await detail(subscribing.id);
      checkEqual(listed.status, 'listed', 'the stage');
      check(listed.listing_price !== null, 'a listing price once listed');
    });
    return { email: account.email };
  },
});
