/**
 * The provider states, set up on an in-process mock. A world state loads the fixture scenario
 * that holds the user it names (through the control API, as QA and Playwright do), and the rest
 * goes through the mock's exchange: sessions with the contract's token, codes planted where the
 * consumer expects them, banks and wallets bound.
 */
import {
  ANNOUNCEMENTS,
  ipoById,
  SCENARIO_NAMES,
  SCENARIOS,
  type ScenarioName,
} from '@bourse/fixtures';
import { ControlClient, type buildApp } from '@bourse/mock-server';
import {
  ipoStatus,
  issueNumber,
  optionDirection,
  type IpoStatus,
  type OptionDirection,
} from '@bourse/protocol';
import { readStateParams, STATE_PARAM_KEYS, type StateName, type StateParams } from '../states.ts';
import type { StateHandlers } from './verification.ts';

export type MockApp = Awaited<ReturnType<typeof buildApp>>;
type UserRecord = NonNullable<ReturnType<MockApp['exchange']['users']['byEmail']>>;

/** The scenario whose users include this e-mail, if any. */
export const scenarioHolding = (email: string): ScenarioName | undefined =>
  SCENARIO_NAMES.find((name) =>
    SCENARIOS[name].users.some((user) => user.email === email.trim().toLowerCase()),
  );

const optionDirectionOf = (direction: string): OptionDirection => {
  const parsed = optionDirection.safeParse(direction);
  if (!parsed.success) throw new Error(`no option direction ${direction}`);
  return parsed.data;
};

const ipoStatusOf = (status: string): IpoStatus => {
  const parsed = ipoStatus.safeParse(status);
  if (!parsed.success) throw new Error(`no IPO stage ${status}`);
  return parsed.data;
};

/** What the identity states submit before the review decides (the name aside). */
const IDENTITY_DOCUMENTS = {
  name: 'Pact Reviewed',
  id_number: 'P1234567',
  phone: '+1 4155550100',
  birth_date: '1990-04-01',
  document_type: 'passport',
  front_image: 'data:image/png;base64,iVBORw0KGgo=',
};

export interface MockStatesOptions {
  readonly app: MockApp;
  /** where the mock listens: its control API is there */
  readonly baseUrl: string;
}

export function mockStateHandlers({ app, baseUrl }: MockStatesOptions): StateHandlers {
  const control = new ControlClient(baseUrl);
  const exchange = () => app.exchange;

  /** Loads the scenario that holds the user, or `empty` and creates them. */
  const worldWithUser = async (email: string, password: string): Promise<UserRecord> => {
    const scenario = scenarioHolding(email);
    await control.reset(scenario ?? 'empty');
    const fixture = scenario && SCENARIOS[scenario].users.find((user) => user.email === email);
    if (fixture && fixture.password !== password) {
      throw new Error(`the ${scenario} scenario's ${email} has another password than the pact's`);
    }
    return exchange().users.byEmail(email) ?? (await exchange().users.create({ email, password }));
  };

  const existingUser = (email: string): UserRecord => {
    const user = exchange().users.byEmail(email);
    if (!user) throw new Error(`no user ${email}: list a world state that creates them first`);
    return user;
  };

  /**
   * Buys an option for the user, the order taking the id the pact names (the next id the mock
   * gives: a state builds on a freshly loaded world).
   */
  const buyOptionAs = (
    userId: string,
    id: string,
    order: Omit<Parameters<MockApp['exchange']['domains']['options']['addOrder']>[1], 'request_id'>,
  ) => {
    const slice = exchange().live().options;
    const next = Number(id);
    if (!Number.isSafeInteger(next) || next <= 0) throw new Error(`option id ${id} is not numeric`);
    if (slice.orders.some((row) => Number(row.id) >= next)) {
      throw new Error(`an option with id ${id} or above exists already`);
    }
    slice.next_id = next;
    const placed = exchange().domains.options.addOrder(userId, {
      ...order,
      request_id: `pact-state-option-${id}`,
    });
    if (placed.id !== id) throw new Error(`the option was given id ${placed.id}, not ${id}`);
    return placed;
  };

  /** The Coin Guess period of the moment (a call to the game settles what fell due first). */
  const digitsPeriod = (issue: string) => {
    const round = exchange().domains.digits.round();
    if (round.issue !== issue) {
      throw new Error(
        `the Coin Guess period is ${round.issue}, not ${issue}: list "a Coin Guess period is taking bets" first`,
      );
    }
    return round;
  };

  const setUp: {
    readonly [Name in StateName]: (params: StateParams[Name]) => Promise<void> | void;
  } = {
    'a registered user': async ({ email, password }) => {
      await worldWithUser(email, password);
    },
    'a signed-in user': async ({ email, password, token }) => {
      const user = await worldWithUser(email, password);
      exchange().auth.openSession(user, token);
    },
    'no session': async () => {
      await control.reset('empty');
    },
    'the e-mail is not registered': async ({ email }) => {
      await control.reset('empty');
      if (exchange().users.byEmail(email)) throw new Error(`${email} is registered in 'empty'`);
    },
    'a register code was sent': ({ email, code }) => {
      if (exchange().users.byEmail(email)) throw new Error(`${email} is registered already`);
      exchange().codes.plant(email, 'register', code);
    },
    'a password reset code was sent': ({ email, code }) => {
      exchange().codes.plant(existingUser(email).email, 'forget', code);
    },
    'an account deletion code was sent': ({ email, code }) => {
      exchange().codes.plant(existingUser(email).email, 'delete_account', code);
    },
    'the user has bound a bank account': ({ email, ...bank }) => {
      exchange().payouts.bindBank(existingUser(email).user_id, {
        ...bank,
        branch: '',
        swift_code: '',
      });
    },
    'the user has bound a wallet': ({ email, network, address }) => {
      if (network !== 'TRC20' && network !== 'ERC20') throw new Error(`no network ${network}`);
      exchange().payouts.bindWallet(existingUser(email).user_id, { network, address });
    },
    "the user's identity is verified": ({ email, name }) => {
      const user = existingUser(email);
      exchange().identity.submit(user.user_id, { ...IDENTITY_DOCUMENTS, name });
      exchange().identity.decide(user.user_id, true);
    },
    "the user's identity was rejected": ({ email, reason }) => {
      const user = existingUser(email);
      exchange().identity.submit(user.user_id, IDENTITY_DOCUMENTS);
      exchange().identity.decide(user.user_id, false, reason);
    },
    "the user's identity is under review": ({ email }) => {
      exchange().identity.submit(existingUser(email).user_id, IDENTITY_DOCUMENTS);
    },
    'the user has not asked for a deposit account': ({ email }) => {
      const userId = existingUser(email).user_id;
      const asked = Object.values(exchange().live().deposit_accounts);
      if (asked.some((row) => row.user_id === userId)) {
        throw new Error(`${email} has asked for a deposit account`);
      }
    },
    'the user has bound no bank account': ({ email }) => {
      if (exchange().payouts.cashStatus(existingUser(email).user_id).bank !== null) {
        throw new Error(`${email} has a bank account bound`);
      }
    },
    'the user has invited a friend': ({ email, friend_email: friendEmail }) => {
      const user = existingUser(email);
      if (existingUser(friendEmail).invited_by !== user.invite_code) {
        throw new Error(`${friendEmail} was not invited by ${email}`);
      }
    },
    'the user is on the demo account': ({ email }) => {
      exchange().profile.setAccountMode(existingUser(email).user_id, 'demo');
    },
    "the user's deposit account is ready": ({ email, method, network }) => {
      if (method !== 'bank' && method !== 'usdt') throw new Error(`no deposit method ${method}`);
      if (network !== 'TRC20' && network !== 'ERC20') throw new Error(`no network ${network}`);
      exchange().funds.readyDepositAccount(existingUser(email).user_id, method, network);
    },
    'the user has a deposit under review': ({ email, id, amount }) => {
      const userId = existingUser(email).user_id;
      exchange().funds.readyDepositAccount(userId, 'usdt', 'TRC20');
      const made = exchange().funds.addDeposit(userId, {
        request_id: `pact-state-deposit-${id}`,
        method: 'usdt',
        network: 'TRC20',
        amount,
        currency: 'USDT',
        tx_hash: 'ab'.repeat(32),
        remark: '',
      });
      const row = exchange()
        .live()
        .deposits.find((item) => item.id === made.id);
      if (!row) throw new Error('the deposit was not kept');
      row.id = id;
    },
    "the user's deposit was reviewed": ({ email, id, decision }) => {
      if (decision !== 'approved' && decision !== 'rejected') {
        throw new Error(`no review decision ${decision}`);
      }
      const userId = existingUser(email).user_id;
      if (
        !exchange()
          .funds.deposits(userId, { page: 1, limit: 100 })
          .list.some((row) => row.id === id)
      ) {
        throw new Error(
          `${email} has no deposit ${id}: list "the user has a deposit under review" first`,
        );
      }
      exchange().funds.decideDeposit(id, decision === 'approved', 'Pact: the review rejected it');
    },
    'the user has a withdrawal under review': async ({ email, password, amount }) => {
      await exchange().funds.addWithdrawal(existingUser(email).user_id, {
        request_id: 'pact-state-withdrawal-0001',
        method: 'bank',
        amount,
        password,
      });
    },
    'a transfer was made with the request id': ({ email, request_id: requestId, amount }) => {
      exchange().funds.transfer(existingUser(email).user_id, {
        from: 'fund',
        to: 'contract',
        amount,
        request_id: requestId,
      });
    },
    'an announcement exists': ({ id }) => {
      if (!ANNOUNCEMENTS.some((notice) => notice.id === id)) {
        throw new Error(`no announcement ${id} in the fixtures`);
      }
    },
    'no announcement has the id': ({ id }) => {
      if (ANNOUNCEMENTS.some((notice) => notice.id === id)) {
        throw new Error(`announcement ${id} exists in the fixtures`);
      }
    },
    // IPO stages move on the clock from the moment a scenario loads: a fresh load has every stage
    'IPO offerings are in the stage': async ({ status }) => {
      await control.reset('empty');
      const page = app.exchange.ipo.list('en', { page: 1, limit: 1, status: ipoStatusOf(status) });
      if (page.total === 0) throw new Error(`no IPO offering is ${status} after a load`);
    },
    'an IPO offering is in a stage': async ({ id, status }) => {
      await control.reset('empty');
      const stage = app.exchange.ipo.detail('en', id).status;
      if (stage !== ipoStatusOf(status)) throw new Error(`IPO offering ${id} is ${stage}`);
    },
    'no IPO offering has the id': ({ id }) => {
      if (ipoById(id)) throw new Error(`IPO offering ${id} exists in the fixtures`);
    },
    'a symbol is listed': ({ symbol_id: symbolId }) => {
      if (!app.exchange.market.has(symbolId)) throw new Error(`no symbol ${symbolId} is listed`);
    },
    'no symbol has the id': ({ symbol_id: symbolId }) => {
      if (app.exchange.market.has(symbolId)) throw new Error(`symbol ${symbolId} is listed`);
    },
    // the clock stands still, so the price set for the next second holds from then on
    'the market price is': async ({ symbol_id: symbolId, price }) => {
      await control.clock({ action: 'freeze' });
      await control.setPrice({ symbol_id: symbolId, price });
      await control.advance(1000);
      const last = exchange().market.quote(symbolId, exchange().now()).last;
      if (Number(last) !== Number(price))
        throw new Error(`${symbolId} is at ${last}, not ${price}`);
    },
    'the user holds a position': ({ email, id, direction, ...order }) => {
      if (direction !== 'long' && direction !== 'short')
        throw new Error(`no direction ${direction}`);
      const userId = existingUser(email).user_id;
      const placed = exchange().domains.contracts.addOrder(userId, {
        ...order,
        side: direction === 'long' ? 'buy' : 'sell',
        type: 'market',
        price: '',
        take_profit: '',
        stop_loss: '',
        reduce_only: false,
      });
      const contracts = exchange().live().contracts;
      const held = contracts.positions.find((row) => row.id === placed.position_id);
      if (!held || held.closed_at !== null) throw new Error('the market order opened no position');
      for (const row of contracts.orders) {
        if (row.position_id === held.id) row.position_id = id;
      }
      held.id = id;
    },
    'the user has a resting limit order': ({ email, id, side, ...order }) => {
      if (side !== 'buy' && side !== 'sell') throw new Error(`no side ${side}`);
      const placed = exchange().domains.contracts.addOrder(existingUser(email).user_id, {
        ...order,
        side,
        type: 'limit',
        take_profit: '',
        stop_loss: '',
        reduce_only: false,
        request_id: `pact-state-order-${id}`,
      });
      if (placed.status !== 'pending') throw new Error(`the limit order is ${placed.status}`);
      const row = exchange()
        .live()
        .contracts.orders.find((item) => item.id === placed.id);
      if (!row) throw new Error('the order was not kept');
      row.id = id;
    },
    'the user cancelled the order': ({ email, id }) => {
      exchange().domains.contracts.cancelOrder(existingUser(email).user_id, {
        order_id: id,
        request_id: `pact-state-cancel-${id}`,
      });
    },
    'the user added margin to the position': ({ email, id, amount }) => {
      exchange().domains.contracts.depositChange(existingUser(email).user_id, {
        position_id: id,
        action: 'add',
        amount,
        request_id: `pact-state-margin-${id}`,
      });
    },
    'the user holds an option': ({ email, id, direction, ...order }) => {
      const placed = buyOptionAs(existingUser(email).user_id, id, {
        ...order,
        direction: optionDirectionOf(direction),
      });
      if (placed.status !== 'trading') throw new Error(`the option is ${placed.status}`);
    },
    'the user has an option ordering': ({ email, id, direction, start_in_seconds, ...order }) => {
      const seconds = Number(start_in_seconds);
      if (!Number.isSafeInteger(seconds) || seconds <= 0) {
        throw new Error(`start_in_seconds ${start_in_seconds} is not a positive whole number`);
      }
      const placed = buyOptionAs(existingUser(email).user_id, id, {
        ...order,
        direction: optionDirectionOf(direction),
        start_at: exchange().now() + seconds * 1000,
      });
      if (placed.status !== 'ordering') throw new Error(`the option is ${placed.status}`);
    },
    'the user holds as many options as allowed': ({ email, symbol_id: symbolId }) => {
      const userId = existingUser(email).user_id;
      const options = exchange().domains.options;
      const { settings, list } = options.durations(symbolId);
      const duration = list.find((item) => item.open);
      if (!duration) throw new Error(`no open option duration for ${symbolId}`);
      for (let index = 0; index < settings.max_open_orders; index += 1) {
        const placed = options.addOrder(userId, {
          symbol_id: symbolId,
          duration_id: duration.id,
          direction: 'up',
          amount: duration.min_amount,
          request_id: `pact-state-options-${String(index).padStart(4, '0')}`,
        });
        if (placed.status !== 'trading') throw new Error(`option ${placed.id} is ${placed.status}`);
      }
    },
    // the clock stands still at the next period's opening, and that period takes the issue named
    'a Coin Guess period is taking bets': async ({ issue }) => {
      if (!issueNumber.safeParse(issue).success) {
        throw new Error(`${issue} is not a period such as 20251123-0734`);
      }
      await control.clock({ action: 'freeze' });
      const round = exchange().domains.digits.round();
      await control.advance(round.next_open_at - round.server_time);
      const opened = exchange().domains.digits.round();
      const slice = exchange().live().digits;
      if (opened.phase !== 'betting' || opened.opened_at !== exchange().now() || !slice.current) {
        throw new Error(`the Coin Guess period ${opened.issue} is ${opened.phase}`);
      }
      if (slice.bets.some((bet) => bet.issue === issue)) {
        throw new Error(`bets were placed on ${issue} already`);
      }
      // the draw derives from the seed and the issue: renamed before any bet, it still verifies
      slice.current.issue = issue;
    },
    'the user holds a Coin Guess bet': ({ email, id, issue, bet_type: betType, amount }) => {
      const userId = existingUser(email).user_id;
      digitsPeriod(issue);
      const slice = exchange().live().digits;
      const next = Number(id);
      if (!Number.isSafeInteger(next) || next <= 0) throw new Error(`bet id ${id} is not numeric`);
      if (slice.bets.some((row) => Number(row.id) >= next)) {
        throw new Error(`a bet with id ${id} or above exists already`);
      }
      slice.next_bet_id = next;
      const placed = exchange().domains.digits.addBet(userId, {
        issue,
        bet_type: betType,
        amount,
        request_id: `pact-state-digits-bet-${id}`,
      });
      if (placed.id !== id) throw new Error(`the bet was given id ${placed.id}, not ${id}`);
      if (placed.status !== 'pending') throw new Error(`the bet is ${placed.status}`);
    },
    // the clock, held by "a Coin Guess period is taking bets", moves on to the period's close
    'Coin Guess bets are closed': async ({ issue }) => {
      const round = digitsPeriod(issue);
      if (!exchange().clock.frozen || round.phase !== 'betting') {
        throw new Error(`list "a Coin Guess period is taking bets" first (${round.phase})`);
      }
      await control.advance(round.close_at - round.server_time);
      const closed = digitsPeriod(issue);
      if (closed.phase !== 'closing') throw new Error(`the period ${issue} is ${closed.phase}`);
    },
  };

  const handlers: StateHandlers = {};
  for (const name of Object.keys(STATE_PARAM_KEYS) as StateName[]) {
    const handler = setUp[name] as (params: StateParams[StateName]) => Promise<void> | void;
    handlers[name] = async (params) => {
      await handler(readStateParams(name, params));
    };
  }
  // An interaction with no state is set up as the state named "": nothing in particular, so
  // the world starts empty (content comes from fixtures either way).
  handlers[''] = async () => {
    await control.reset('empty');
  };
  return handlers;
}
