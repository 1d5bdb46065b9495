/**
 * The funds domain on the shared engine world (engine/testing.ts): the Funds facade on the
 * world's time, the events it told, and two verified users with 1 000 USDT in their real fund.
 * Due work runs only when the test settles the world's time (`world.settle()`, `world.pass(ms)`).
 */
import { engineWorld, type WorldOptions } from '../testing.ts';
import { PayoutTargets } from '../users/payouts.ts';
import { Funds, type FundsEvent, type FundsOptions } from './funds.ts';

export const WALLET = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';

export async function fundsWorld(
  options: Partial<FundsOptions> & WorldOptions = {},
): Promise<ReturnType<typeof fundsOn> & { ann: string; bo: string }> {
  const on = fundsOn(options);
  const made = [];
  for (const name of ['ann', 'bo']) {
    made.push(
      await on.world.newUser(`${name}@example.com`, {
        identity_status: 'verified',
        balances: { real: { fund: '1000' } },
      }),
    );
  }
  const [ann, bo] = made.map((user) => user.user_id);
  if (ann === undefined || bo === undefined) throw new Error('no users');
  return { ...on, ann, bo };
}

/**
 * The funds on a world (on `options.state`, for a restart: nothing is scheduled until the test
 * calls `funds.reschedule(world.time)`, as the exchange does after a restore).
 */
export function fundsOn(options: Partial<FundsOptions> & WorldOptions = {}) {
  const world = engineWorld(options);
  const payouts = new PayoutTargets(world.store, world.users);
  const funds = new Funds(
    world.store,
    world.time,
    world.users,
    payouts,
    world.ledger,
    world.requests,
    world.passwords,
    {
      depositAccountDelayMs: options.depositAccountDelayMs ?? 3000,
      autoReviewMs: options.autoReviewMs ?? null,
      ...(options.unrealizedPnl ? { unrealizedPnl: options.unrealizedPnl } : {}),
    },
  );
  const events: FundsEvent[] = [];
  funds.onEvent((event) => events.push(event));
  return {
    world,
    payouts,
    funds,
    events,
    /** the `Funds` pushes told, in order */
    pushes: () => events.flatMap((event) => (event.type === 'funds' ? [event.push] : [])),
    /** the Notices told, in order */
    notices: () => events.flatMap((event) => (event.type === 'notice' ? [event] : [])),
    /** A world restarted from a copy of this one's state, at its time. */
    restart: (more: Partial<FundsOptions> = {}) =>
      fundsOn({
        ...options,
        ...more,
        state: structuredClone(world.state),
        at: world.now(),
      }),
  };
}
