import { $balances } from '#entities/balance';
import { $deviceClock, $serverOffset } from '#entities/option';
import { $apiClient } from '#shared/api';
import { fakeClient } from '#shared/api/testing';
import { $intentClock } from '#shared/api/intent';
import { $userInfo } from '#shared/session';
import { $online, $topics, pageVisible, pushReceived } from '#shared/socket';
import { showToastFx } from '#shared/ui/toast';
import { betPayout } from '@bourse/formulas/digits';
import {
  EXAMPLE_BALANCES,
  EXAMPLE_ROUND,
  EXAMPLE_USER,
  endpoints,
  type Bet,
  type DigitRound,
} from '@bourse/protocol';
import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { $draws, $openBets, $round, cancelClicked, GameGate } from './round.ts';
import {
  $amount,
  $canBet,
  $errors,
  $payout,
  $totalStake,
  amountChanged,
  betClicked,
  chipTapped,
  typePicked,
} from './slip.ts';

const INFO = endpoints.digits.digitInfo.example.response;
const ROUND: DigitRound = EXAMPLE_ROUND;
const BET = endpoints.digits.addBet.example.response;

function setup({ round = ROUND }: { round?: DigitRound } = {}) {
  const device = { now: ROUND.server_time };
  let pending: Bet[] = [];
  let nextId = 9000;
  const api = fakeClient({
    [endpoints.digits.digitInfo.path]: () => INFO,
    [endpoints.digits.getIssue.path]: () => round,
    [endpoints.digits.betLog.path]: (body) => {
      const { status } = body as { status?: string };
      const list = status === 'pending' ? pending : [];
      return { list, total: list.length, page: 1, limit: 50 };
    },
    [endpoints.digits.addBet.path]: (body) => {
      const { bet_type, amount } = body as { bet_type: string; amount: string };
      nextId += 1;
      const bet: Bet = { ...BET, id: String(nextId), bet_type, amount };
      pending = [bet, ...pending];
      return bet;
    },
    [endpoints.digits.cancelBet.path]: (body) => {
      const { bet_id } = body as { bet_id: string };
      const bet = pending.find((one) => one.id === bet_id) ?? BET;
      pending = pending.filter((one) => one.id !== bet_id);
      return { ...bet, status: 'cancelled', payout: bet.amount };
    },
  });
  const toasts: string[] = [];
  const scope = fork({
    values: [
      [$apiClient, api.client],
      [$userInfo, { ...EXAMPLE_USER, account_mode: 'real' }],
      [$balances, EXAMPLE_BALANCES],
      [$online, true],
      [$intentClock, () => 0],
      [$deviceClock, () => device.now],
    ],
    handlers: [[showToastFx, (text: string) => void toasts.push(text)]],
  });
  const bets = () => api.callsTo(endpoints.digits.addBet).map((call) => call.body);
  return { scope, api, device, toasts, bets };
}

async function opened(options?: Parameters<typeof setup>[0]) {
  const context = setup(options);
  await allSettled(GameGate.open, { scope: context.scope, params: {} });
  return context;
}

describe('the Coin Guess page', () => {
  it('reads the period with the last hundred draws and subscribes to its pushes', async () => {
    const { scope, api } = await opened();
    expect(scope.getState($round)?.issue).toBe(ROUND.issue);
    expect(api.callsTo(endpoints.digits.getIssue)[0]?.body).toMatchObject({ recent: 100 });
    expect(scope.getState($draws)).toHaveLength(1);
    expect(scope.getState($topics)).toMatchObject({ Digits: 1 });
    await allSettled(GameGate.close, { scope, params: {} });
    expect(scope.getState($topics).Digits ?? 0).toBe(0);
  });

  it("measures the server's clock again when the page shows again", async () => {
    const { scope, device } = await opened();
    expect(scope.getState($serverOffset)).toBe(0);
    device.now = ROUND.server_time - 3_000;
    await allSettled(pageVisible, { scope });
    expect(scope.getState($serverOffset)).toBe(3_000);
  });

  it('follows the Digits push: the phase, and the new draw in front of the known ones', async () => {
    const { scope, api } = await opened();
    const draw = {
      ...ROUND.recent_draws[0]!,
      issue: ROUND.issue,
      drawn_at: ROUND.draw_at,
    };
    await allSettled(pushReceived, {
      scope,
      params: {
        func: 'Digits',
        topic: 'Digits',
        data: { ...ROUND, phase: 'drawn', draw, recent_draws: [draw] },
      },
    });
    expect(scope.getState($round)?.phase).toBe('drawn');
    expect(scope.getState($draws).map((one) => one.issue)).toEqual([
      ROUND.issue,
      ROUND.recent_draws[0]?.issue,
    ]);
    expect(scope.getState($canBet)).toBe(false);
    // a phase change settles bets: mine are read again
    expect(
      api
        .callsTo(endpoints.digits.betLog)
        .filter((call) => (call.body as { status?: string }).status === 'pending'),
    ).toHaveLength(2);
  });
});

describe('the bet slip', () => {
  it('adds chips to the stake and shows what a win pays back, by the shared formula', async () => {
    const { scope } = await opened();
    await allSettled(typePicked, { scope, params: 'big' });
    await allSettled(chipTapped, { scope, params: '50' });
    await allSettled(chipTapped, { scope, params: '10' });
    expect(scope.getState($amount)).toBe('60');
    expect(scope.getState($payout)).toBe(betPayout('60', '1.94').toFixed(2));
    expect(scope.getState($payout)).toBe('116.40');
    expect(scope.getState($totalStake)).toBe('60.00');
  });

  it('bets once for a double tap, then lists the bet among mine', async () => {
    const { scope, bets, toasts } = await opened();
    await allSettled(typePicked, { scope, params: 'big' });
    await allSettled(amountChanged, { scope, params: '50' });
    await Promise.all([allSettled(betClicked, { scope }), allSettled(betClicked, { scope })]);
    expect(bets()).toEqual([
      {
        issue: ROUND.issue,
        bet_type: 'big',
        amount: '50',
        request_id: expect.any(String) as string,
      },
    ]);
    expect(scope.getState($openBets)?.map((bet) => bet.bet_type)).toEqual(['big']);
    expect(toasts).toEqual(['game.placed']);
  });

  it("refuses a stake out of the type's bounds and sends nothing", async () => {
    const { scope, bets } = await opened();
    await allSettled(typePicked, { scope, params: 'sum_13' });
    await allSettled(amountChanged, { scope, params: '2000' });
    await allSettled(betClicked, { scope });
    expect(scope.getState($errors).amount).toEqual({ key: 'funds.errors.aboveMax' });
    expect(bets()).toHaveLength(0);
  });

  it('sends nothing once betting has closed', async () => {
    const { scope, bets } = await opened({ round: { ...ROUND, phase: 'closing' } });
    await allSettled(typePicked, { scope, params: 'big' });
    await allSettled(amountChanged, { scope, params: '50' });
    await allSettled(betClicked, { scope });
    expect(bets()).toHaveLength(0);
  });

  it('cancels a bet: it leaves my open bets', async () => {
    const { scope, api } = await opened();
    await allSettled(typePicked, { scope, params: 'big' });
    await allSettled(amountChanged, { scope, params: '50' });
    await allSettled(betClicked, { scope });
    const id = scope.getState($openBets)?.[0]?.id ?? '';
    await allSettled(cancelClicked, { scope, params: id });
    expect(api.callsTo(endpoints.digits.cancelBet)[0]?.body).toMatchObject({ bet_id: id });
    expect(scope.getState($openBets)).toEqual([]);
  });
});

describe('a bet of mine settling on screen', () => {
  it('says it won and what it paid, once', async () => {
    const won: Bet = { ...BET, id: '8001', status: 'won', payout: '97.00', settled_at: 1 };
    let latest: Bet[] = [];
    let pending: Bet[] = [BET];
    const api = fakeClient({
      [endpoints.digits.digitInfo.path]: () => INFO,
      [endpoints.digits.getIssue.path]: () => ROUND,
      [endpoints.digits.betLog.path]: (body) => {
        const { status } = body as { status?: string };
        const list = status === 'pending' ? pending : latest;
        return { list, total: list.length, page: 1, limit: 50 };
      },
    });
    const toasts: string[] = [];
    const scope = fork({
      values: [
        [$apiClient, api.client],
        [$userInfo, { ...EXAMPLE_USER, account_mode: 'real' }],
        [$deviceClock, () => ROUND.server_time],
      ],
      handlers: [[showToastFx, (text: string) => void toasts.push(text)]],
    });
    await allSettled(GameGate.open, { scope, params: {} });
    expect(scope.getState($openBets)?.map((bet) => bet.id)).toEqual(['8001']);
    pending = [];
    latest = [won];
    const drawn = { ...ROUND, phase: 'drawn' as const };
    await allSettled(pushReceived, {
      scope,
      params: { func: 'Digits', topic: 'Digits', data: drawn },
    });
    expect(toasts).toEqual(['game.settledToast.won']);
    await allSettled(pageVisible, { scope });
    expect(toasts).toHaveLength(1);
  });
});
