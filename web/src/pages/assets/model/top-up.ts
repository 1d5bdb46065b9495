import { endpoints } from '@bourse/protocol';
import { balanceChanged } from '#entities/balance';
import { createApiEffect } from '#shared/api';
import { createMoneyIntent } from '#shared/api/intent';
import { notifyFx } from '#shared/ui/toast';
import { createEvent, sample } from 'effector';

/** How much play money one tap adds to the demo fund account, USDT. */
export const DEMO_TOP_UP = '10000';

/** "Top up demo funds" on the Assets tab, shown in demo mode only. */
export const topUpClicked = createEvent();

// One tap is one intent: a double tap adds the play money once.
export const topUp = createMoneyIntent({
  effect: createApiEffect(endpoints.account.addRechMock),
});
export const $toppingUp = topUp.$pending;

sample({ clock: topUpClicked, fn: () => ({ amount: DEMO_TOP_UP }), target: topUp.submit });
sample({ clock: topUp.sendFx.doneData, fn: ({ balance }) => balance, target: balanceChanged });
sample({ clock: topUp.sendFx.done, fn: () => 'funds.assets.toppedUp', target: notifyFx });
