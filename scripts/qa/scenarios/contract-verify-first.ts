import { CODES, endpoints } from '@bourse/protocol';
import { checkEqual, defineScenario, signIn } from '../scenario.ts';
import { accountOf } from './accounts.ts';
import { intent } from './funds.ts';
import { order, setBtc } from './contracts.ts';

const fresh = accountOf('fresh-user');

export default defineScenario({
  name: 'contract-verify-first',
  summary:
    'an unverified user is refused a contract order on real with a prompt to verify, and trades on demo',
  setUp: async ({ control, step }) => {
    await step('reset to the fresh-user scenario', () => control.reset('fresh-user'));
    await step('freeze the clock and set BTC at 20000', async () => {
      await control.clock({ action: 'freeze' });
      await setBtc(control, '20000');
    });
  },
  run: async ({ client, step }) => {
    const user = client();
    await step('sign in as the unverified user', () => signIn(user, fresh));
    await step('a market order on real is refused: verify first', async () => {
      const refused = await user.call(endpoints.contract.addOrder, {
        symbol_id: 'btcusdt',
        side: 'buy',
        type: 'market',
        quantity: '0.01',
        leverage_id: '3',
        request_id: intent(),
      });
      checkEqual(
        [refused.code, refused.msg],
        [
          CODES.failed,
          'Verify your identity to trade contracts on the real account, or switch to the demo account',
        ],
        'the refusal',
      );
    });
    await step('switch to demo and move 1000 into the contract account', async () => {
      await user.ok(endpoints.user.changeMock, { account_mode: 'demo' });
      await user.ok(endpoints.account.transfer, {
        from: 'fund',
        to: 'contract',
        amount: '1000',
        request_id: intent(),
      });
    });
    await step('the same order on demo fills', async () => {
      const placed = await order(user);
      checkEqual([placed.status, placed.account_mode], ['filled', 'demo'], 'the order');
    });
    return { email: fresh.email };
  },
});
