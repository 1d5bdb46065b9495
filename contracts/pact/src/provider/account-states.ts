/**
 * The provider states reached through the backend's public API, with nothing but a test account
 * (`verify:backend --account … --password …`, and `--account2` for the unverified user): each
 * state is set up by the signed, encrypted calls a user makes (the web's own API client with the
 * backend's key and header names), undone after the interaction where a user call can undo it,
 * and hands back the ids and prices it got, which Pact injects into the request
 * (`fromProviderState`, states.ts STATE_VALUES). A state only the backend's insides reach (a code
 * e-mailed, a review decided, a price or an IPO stage set) is refused, so the interaction is
 * listed as needing `--states`, never judged.
 *
 * STATE_REACH says, per state, how it is reached: the docs render it (backend-verification.md).
 */
import { randomBytes } from 'node:crypto';
import { SCENARIOS, type AccountBalances } from '@bourse/fixtures';
import {
  endpoints,
  ipoStatus,
  type AccountKind,
  type Endpoint,
  type HeaderNames,
  type RequestOf,
  type ResponseOf,
  type WireSettings,
} from '@bourse/protocol';
import { createNodeCodec } from '@bourse/protocol/codec/node';
import { createApiClient, isApiError } from '@bourse/web/api';
import { PACT_UUID } from '../pact.ts';
import {
  readStateParams,
  STATE_PARAM_KEYS,
  type StateName,
  type StateParams,
  type StateValue,
} from '../states.ts';
import type { StateHandlers } from './verification.ts';

/** An account the backend team gives the tester: its e-mail and password. */
export interface TestAccount {
  readonly email: string;
  readonly password: string;
}

/**
 * `main`: a user whose identity is verified (the trades move money on its demo account);
 * `second`, when given: a user whose identity is not (the refusals an unverified user gets).
 */
export interface TestAccounts {
  readonly main: TestAccount;
  readonly second?: TestAccount;
}

/** Which test account an interaction runs as. */
export type Persona = keyof TestAccounts;

/**
 * How the verifier reaches a state: `calls` sets it up by a user's calls, `checks` reads by
 * public calls whether the backend is in it already (refused when not), `hook` needs the
 * backend's state-change URL (`--states`).
 */
export type Reach =
  | { readonly by: 'calls' | 'checks'; readonly how: string }
  | { readonly by: 'hook'; readonly how: string };

export const STATE_REACH: { readonly [Name in StateName]: Reach } = {
  'a registered user': {
    by: 'calls',
    how: 'the test account (the unverified one for an unverified pact user); hands its e-mail and password to the request',
  },
  'a signed-in user': {
    by: 'calls',
    how: 'signs the test account in (`login`), on the demo account for the trades and bets; a password the interaction changed is changed back after it',
  },
  'no session': { by: 'calls', how: 'signs with a token no session has' },
  'the e-mail is not registered': {
    by: 'calls',
    how: 'a new `@example.com` address for this run, handed to the request',
  },
  'a register code was sent': { by: 'hook', how: 'the code is in an e-mail' },
  'a password reset code was sent': { by: 'hook', how: 'the code is in an e-mail' },
  'an account deletion code was sent': { by: 'hook', how: 'the code is in an e-mail' },
  'the user has bound a bank account': {
    by: 'calls',
    how: '`setUserBank` in the verified name, unless one is bound',
  },
  'the user has bound a wallet': { by: 'calls', how: '`setUserWallet`, unless one is bound' },
  "the user's identity is verified": {
    by: 'checks',
    how: "`getCashStatus` says verified; hands the account's nickname as the verified name",
  },
  "the user's identity was rejected": { by: 'checks', how: '`getCashStatus` says rejected' },
  "the user's identity is under review": {
    by: 'calls',
    how: '`setAuthentication` when unverified (pending once submitted)',
  },
  'the user has not asked for a deposit account': {
    by: 'hook',
    how: 'asking is the only call that tells, and it asks',
  },
  'the user has bound no bank account': { by: 'checks', how: '`getCashStatus` shows no bank' },
  'the user has invited a friend': {
    by: 'checks',
    how: "`teamInfo` lists a friend (register `--account2` with `--account`'s invite code)",
  },
  'the user is on the demo account': { by: 'calls', how: '`changeMock` to demo' },
  "the user's deposit account is ready": {
    by: 'calls',
    how: '`getRechInfo` until it answers ready',
  },
  'the user has a deposit under review': {
    by: 'calls',
    how: '`addRech` once the deposit account is ready; hands its id; `cancelRech` after',
  },
  "the user's deposit was reviewed": { by: 'hook', how: 'the back office reviews deposits' },
  'the user has a withdrawal under review': {
    by: 'calls',
    how: '`addCash` to the bound bank (real money: the amount the pact names)',
  },
  'a transfer was made with the request id': {
    by: 'calls',
    how: '`transfer` fund → contract under the request id the interaction then reuses',
  },
  'an announcement exists': { by: 'checks', how: '`noticeDetail` answers it' },
  'no announcement has the id': { by: 'checks', how: '`noticeDetail` refuses it' },
  'IPO offerings are in the stage': {
    by: 'checks',
    how: "`getIpoList` lists one in the stage (the stages move on the backend's own schedule)",
  },
  'an IPO offering is in a stage': {
    by: 'hook',
    how: "the offering and its stage are the back office's",
  },
  'no IPO offering has the id': { by: 'checks', how: '`getIpoDetail` refuses it' },
  'a symbol is listed': { by: 'checks', how: '`getSymbol` answers it' },
  'no symbol has the id': { by: 'checks', how: '`getSymbol` refuses it' },
  'the market price is': {
    by: 'calls',
    how: 'reads the price of the moment (`getSymbol`) and hands it and prices around it to the request; the price is not held, so what trades does at the market; closes the positions and cancels the orders of the symbol after',
  },
  'the user holds a position': {
    by: 'calls',
    how: "a market order (`addOrder`); hands the position's id and take profit and stop loss prices around its mark and liquidation prices",
  },
  'the user has a resting limit order': {
    by: 'calls',
    how: 'a limit order 5 % under the price (`addOrder`); hands its id',
  },
  'the user cancelled the order': { by: 'calls', how: '`cancelOrder`' },
  'the user added margin to the position': { by: 'calls', how: '`depositChange` add' },
  'the user holds an option': {
    by: 'calls',
    how: '`MicroOrders/addOrder` at the price of the moment; hands its id (it settles on its own)',
  },
  'the user has an option ordering': {
    by: 'calls',
    how: '`MicroOrders/addOrder` with a later `start_at`; hands its id; `orderCancel` after',
  },
  'the user holds as many options as allowed': {
    by: 'hook',
    how: 'options cannot be cancelled once they trade: filling the desk would refuse the buys after it',
  },
  'a Coin Guess period is taking bets': {
    by: 'calls',
    how: '`getIssue` until a period takes bets; hands its issue and the one before',
  },
  'the user holds a Coin Guess bet': {
    by: 'calls',
    how: '`addBet` in that period; hands its id; `cancelBet` after',
  },
  'Coin Guess bets are closed': {
    by: 'calls',
    how: '`getIssue` until the period stops taking bets',
  },
};

/**
 * Where the main account's interactions move money, they run on its demo account: the calls of
 * the trading domains and transfers, and whatever lists these states.
 */
const DEMO_STATES: readonly StateName[] = [
  'the market price is',
  'a Coin Guess period is taking bets',
];
const DEMO_PATHS: ReadonlySet<string> = new Set(
  [
    ...Object.values(endpoints.contract),
    ...Object.values(endpoints.options),
    ...Object.values(endpoints.digits),
    endpoints.account.transfer,
  ].map((endpoint) => endpoint.path),
);

/** The params the verifier adds to each state of an interaction: who runs it, in which mode. */
const PERSONA_PARAM = 'persona';
const MODE_PARAM = 'account_mode';

interface PactState {
  readonly name: string;
  readonly params: Readonly<Record<string, unknown>>;
}

const scenarioUser = (email: unknown) =>
  typeof email === 'string'
    ? Object.values(SCENARIOS)
        .flatMap((scenario) => scenario.users)
        .find((user) => user.email === email)
    : undefined;

/**
 * Who runs an interaction: the unverified account when the pact's user is an unverified one and
 * the interaction does not ask for a verified identity; the main account otherwise.
 */
export function personaOf(states: readonly PactState[]): Persona {
  if (states.some((one) => one.name === "the user's identity is verified")) return 'main';
  const user = scenarioUser(states.map((one) => one.params['email']).find(Boolean));
  return user !== undefined && user.identity_status !== 'verified' ? 'second' : 'main';
}

/** Whether a state's name is one the consumer may ask for. */
export const isStateName = (name: string): name is StateName => name in STATE_REACH;

/**
 * Whether every state of an interaction is reached by a test account's calls, without a hook.
 * (An unverified pact user with no unverified account: the verified one stands in, `standsIn`.)
 */
export function reachedByAccounts(states: readonly PactState[]): boolean {
  return !states
    .filter((one) => one.name !== '')
    .some((one) => !isStateName(one.name) || STATE_REACH[one.name].by === 'hook');
}

/**
 * Whether the verified account stands in for an unverified pact user, for want of `--account2`.
 * Such an interaction is replayed (on the demo side where money moves), and it counts when it
 * holds: the pact's user being unverified did not matter to it. When it does not hold, it is
 * listed as needing an unverified account, never as a drift: a verified user's answer is no
 * evidence against the backend.
 */
export const standsIn = (states: readonly PactState[], accounts: TestAccounts): boolean =>
  accounts.second === undefined && personaOf(states.filter((one) => one.name !== '')) === 'second';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An interaction of the pact with its persona and mode written into each state's params, so
 * the state handlers (which see one state at a time) know whom to sign in and where.
 */
export function withPersona(
  interaction: Record<string, unknown>,
  accounts: TestAccounts,
): Record<string, unknown> {
  const raw = Array.isArray(interaction['providerStates']) ? interaction['providerStates'] : [];
  const states = raw.filter(isRecord).map((one) => ({
    name: typeof one['name'] === 'string' ? one['name'] : '',
    params: isRecord(one['params']) ? one['params'] : {},
  }));
  const persona: Persona = standsIn(states, accounts) ? 'main' : personaOf(states);
  const request = interaction['request'];
  const path = isRecord(request) && typeof request['path'] === 'string' ? request['path'] : '';
  const movesMoney =
    DEMO_PATHS.has(path) ||
    states.some((one) => isStateName(one.name) && DEMO_STATES.includes(one.name));
  const mode = persona === 'main' && movesMoney ? 'demo' : 'real';
  return {
    ...interaction,
    providerStates: states.map((one) => ({
      name: one.name,
      params: { ...one.params, [PERSONA_PARAM]: persona, [MODE_PARAM]: mode },
    })),
  };
}

/** Decimal prices as the wire carries them. */
const price = (value: number) => value.toFixed(2);

/** What the identity-under-review state submits. */
const IDENTITY_DOCUMENTS = {
  name: 'Pact Reviewed',
  id_number: 'P1234567',
  phone: '+1 4155550100',
  birth_date: '1990-04-01',
  document_type: 'passport',
  front_image: 'data:image/png;base64,iVBORw0KGgo=',
} as const;

export interface AccountStatesOptions {
  /** the backend's API base */
  readonly baseUrl: string;
  readonly wire: WireSettings;
  readonly headers: HeaderNames;
  readonly accounts: TestAccounts;
  /** how long a state waits for the backend to reach it (a deposit account, a Coin Guess phase) */
  readonly waitMs?: number;
  readonly warn?: (message: string) => void;
}

export interface AccountStates {
  readonly handlers: StateHandlers;
  /** the session the interaction's signed-in calls sign with; null: as recorded */
  readonly session: () => string | null;
  /** the request id a recorded one stands for in the interaction being replayed */
  readonly requestId: (recorded: string) => string;
  /** a call as the signed-in user of the interaction (a push provoked) */
  readonly call: <E extends Endpoint>(endpoint: E, body: RequestOf<E>) => Promise<ResponseOf<E>>;
  /** told of each replayed call, to undo what it changed (a password) */
  readonly observe: (path: string, body: Readonly<Record<string, unknown>>) => void;
}

type Values = Partial<Record<StateValue, string>>;
type Step = (params: Record<string, unknown>) => Promise<Values | undefined>;

export function accountStates(options: AccountStatesOptions): AccountStates {
  const client = createApiClient({
    baseUrl: options.baseUrl,
    codec: createNodeCodec(options.wire),
    headers: options.headers,
    logger: { error: () => undefined },
  });
  const waitMs = options.waitMs ?? 90_000;
  const run = randomBytes(4).toString('hex');
  let scope = 0;
  const ids = new Map<string, string>();
  /** what the states of the interaction handed back: ids the states after them act on */
  const given = new Map<string, string>();
  const tokens = new Map<Persona, string>();
  let signedIn: { persona: Persona; token: string } | null = null;
  let changedPassword: string | null = null;

  const accountOf = (persona: Persona): TestAccount => {
    const account = options.accounts[persona];
    if (account === undefined) throw new Error('an unverified test account: --account2');
    return account;
  };
  const personaIn = (params: Record<string, unknown>): Persona =>
    params[PERSONA_PARAM] === 'second' ? 'second' : 'main';

  const requestId = (recorded: string): string => {
    let id = ids.get(recorded);
    if (id === undefined) {
      id = `${recorded.slice(0, 40)}-${run}${scope.toString(36)}`;
      ids.set(recorded, id);
    }
    return id;
  };

  const guest = <E extends Endpoint>(endpoint: E, body: RequestOf<E>) =>
    client.call(endpoint, body, { uuid: PACT_UUID, token: null, language: 'en' });
  const call = <E extends Endpoint>(endpoint: E, body: RequestOf<E>): Promise<ResponseOf<E>> => {
    if (signedIn === null) throw new Error('no signed-in user: list "a signed-in user" first');
    return client.call(endpoint, body, { uuid: PACT_UUID, token: signedIn.token, language: 'en' });
  };
  /** A call whose refusal does not matter (undoing what may be undone already). */
  const tryCall = async <E extends Endpoint>(endpoint: E, body: RequestOf<E>) => {
    try {
      await call(endpoint, body);
    } catch (error) {
      if (!isApiError(error)) throw error;
    }
  };
  const refusedWith = async (attempt: Promise<unknown>): Promise<number | undefined> => {
    try {
      await attempt;
      return undefined;
    } catch (error) {
      if (isApiError(error)) return error.code ?? -1;
      throw error;
    }
  };

  /** Polls `read` until `done`, within the wait; the condition's own words when it never is. */
  const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean, what: string) => {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const value = await read();
      if (done(value)) return value;
      if (Date.now() > deadline) throw new Error(`${what}: not within ${String(waitMs)} ms`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };

  const beginInteraction = () => {
    scope += 1;
    ids.clear();
    given.clear();
    signedIn = null;
    changedPassword = null;
  };

  const signIn = async (persona: Persona) => {
    const cached = tokens.get(persona);
    if (cached !== undefined) {
      signedIn = { persona, token: cached };
      if ((await refusedWith(call(endpoints.user.info, {}))) === undefined) return;
    }
    const account = accountOf(persona);
    const session = await guest(endpoints.auth.login, {
      account: account.email,
      password: account.password,
    });
    tokens.set(persona, session.token);
    signedIn = { persona, token: session.token };
  };

  const setMode = async (mode: 'real' | 'demo') => {
    const info = await call(endpoints.user.info, {});
    if (info.account_mode !== mode) await call(endpoints.user.changeMock, { account_mode: mode });
  };

  /** The demo contract and option accounts hold what the pact's user holds on real money. */
  const fundDemo = async (target: AccountBalances) => {
    const balances = await call(endpoints.account.index, {});
    const available = (kind: AccountKind) =>
      Number(balances.list.find((one) => one.account === kind)?.available ?? '0');
    const needed = (['contract', 'option'] as const).map((kind) => ({
      kind,
      move: Number(target[kind]) - available(kind),
    }));
    const fromFund = needed.reduce((sum, one) => sum + Math.max(0, one.move), 0);
    if (available('fund') < fromFund) {
      await call(endpoints.account.addRechMock, {
        amount: price(fromFund - available('fund') + 1),
        request_id: requestId('pact-verifier-demo-topup'),
      });
    }
    for (const { kind, move } of needed) {
      if (Math.abs(move) < 0.01) continue;
      await call(endpoints.account.transfer, {
        from: move > 0 ? 'fund' : kind,
        to: move > 0 ? kind : 'fund',
        amount: price(Math.abs(move)),
        request_id: requestId(`pact-verifier-fund-${kind}`),
      });
    }
  };

  const signedInStep: Step = async (params) => {
    beginInteraction();
    const persona = personaIn(params);
    await signIn(persona);
    if (params[MODE_PARAM] === 'demo') {
      await setMode('demo');
      const user = scenarioUser(params['email']);
      if (user?.balances !== undefined) await fundDemo(user.balances.real);
    } else {
      await setMode('real');
    }
    const { password } = accountOf(persona);
    return { password, new_password: `${password.slice(0, 28)}Pv9x` };
  };

  const cashStatus = () => call(endpoints.user.getCashStatus, {});

  const marketPrice = async (symbolId: string) => {
    const ticker = await guest(endpoints.market.getSymbol, { symbol_id: symbolId });
    return Number(ticker.last_price);
  };

  const setUp: {
    readonly [Name in StateName]?: (params: StateParams[Name]) => Promise<Values | undefined>;
  } = {
    'a registered user': (params) => {
      beginInteraction();
      const account = accountOf(personaIn(params));
      return Promise.resolve({ email: account.email, password: account.password });
    },
    'a signed-in user': (params) => signedInStep(params),
    'no session': () => {
      beginInteraction();
      return Promise.resolve(undefined);
    },
    'the e-mail is not registered': () => {
      beginInteraction();
      return Promise.resolve({ email: `pact-${run}-${scope.toString(36)}@example.com` });
    },
    'the user has bound a bank account': async ({ bank_name, account_no }) => {
      const status = await cashStatus();
      if (status.bank !== null) return undefined;
      const info = await call(endpoints.user.info, {});
      await call(endpoints.user.setUserBank, {
        bank_name,
        account_no,
        holder_name: info.nickname,
      });
      return undefined;
    },
    'the user has bound a wallet': async ({ network, address }) => {
      const status = await cashStatus();
      if (status.wallet !== null) return undefined;
      if (network !== 'TRC20' && network !== 'ERC20') throw new Error(`no network ${network}`);
      await call(endpoints.user.setUserWallet, { network, address });
      return undefined;
    },
    "the user's identity is verified": async () => {
      const status = await cashStatus();
      if (status.identity_status !== 'verified') {
        throw new Error(`the account's identity is ${status.identity_status}`);
      }
      return { name: (await call(endpoints.user.info, {})).nickname };
    },
    "the user's identity was rejected": async () => {
      const status = await cashStatus();
      if (status.identity_status !== 'rejected') {
        throw new Error(`the account's identity is ${status.identity_status}`);
      }
      return undefined;
    },
    "the user's identity is under review": async () => {
      const status = await cashStatus();
      if (status.identity_status === 'unverified') {
        await call(endpoints.user.setAuthentication, IDENTITY_DOCUMENTS);
      } else if (status.identity_status !== 'pending') {
        throw new Error(`the account's identity is ${status.identity_status}`);
      }
      return undefined;
    },
    'the user has bound no bank account': async () => {
      if ((await cashStatus()).bank !== null) throw new Error('the account has a bank bound');
      return undefined;
    },
    'the user has invited a friend': async () => {
      const team = await call(endpoints.team.teamInfo, { page: 1, limit: 1 });
      if (team.friend_count === 0)
        throw new Error("no one registered with the account's invite code");
      return undefined;
    },
    'the user is on the demo account': async () => {
      await setMode('demo');
      return undefined;
    },
    "the user's deposit account is ready": async ({ method, network }) => {
      if (method !== 'bank' && method !== 'usdt') throw new Error(`no deposit method ${method}`);
      if (network !== 'TRC20' && network !== 'ERC20') throw new Error(`no network ${network}`);
      await until(
        () => call(endpoints.account.getRechInfo, { method, network }),
        (info) => info.status === 'ready',
        'the deposit account is not ready',
      );
      return undefined;
    },
    'the user has a deposit under review': async ({ amount }) => {
      await until(
        () => call(endpoints.account.getRechInfo, { method: 'usdt', network: 'TRC20' }),
        (info) => info.status === 'ready',
        'the deposit account is not ready',
      );
      const made = await call(endpoints.account.addRech, {
        request_id: requestId('pact-verifier-deposit'),
        method: 'usdt',
        network: 'TRC20',
        amount,
        currency: 'USDT',
        tx_hash: randomBytes(32).toString('hex'),
      });
      return { deposit_id: made.id };
    },
    'the user has a withdrawal under review': async ({ amount }) => {
      const persona = signedIn?.persona ?? 'main';
      await call(endpoints.account.addCash, {
        method: 'bank',
        amount,
        password: accountOf(persona).password,
        request_id: requestId('pact-verifier-withdrawal'),
      });
      return undefined;
    },
    'a transfer was made with the request id': async ({ request_id: recorded, amount }) => {
      await call(endpoints.account.transfer, {
        from: 'fund',
        to: 'contract',
        amount,
        request_id: requestId(recorded),
      });
      return undefined;
    },
    'an announcement exists': async ({ id }) => {
      await guest(endpoints.index.noticeDetail, { id });
      return undefined;
    },
    'no announcement has the id': async ({ id }) => {
      if ((await refusedWith(guest(endpoints.index.noticeDetail, { id }))) === undefined) {
        throw new Error(`announcement ${id} exists`);
      }
      return undefined;
    },
    'IPO offerings are in the stage': async ({ status }) => {
      const page = await guest(endpoints.market.getIpoList, {
        page: 1,
        limit: 1,
        status: ipoStatus.parse(status),
      });
      if (page.total === 0) throw new Error(`no IPO offering is ${status}`);
      return undefined;
    },
    'no IPO offering has the id': async ({ id }) => {
      if ((await refusedWith(guest(endpoints.market.getIpoDetail, { id }))) === undefined) {
        throw new Error(`IPO offering ${id} exists`);
      }
      return undefined;
    },
    'a symbol is listed': async ({ symbol_id: symbolId }) => {
      await guest(endpoints.market.getSymbol, { symbol_id: symbolId });
      return undefined;
    },
    'no symbol has the id': async ({ symbol_id: symbolId }) => {
      if (
        (await refusedWith(guest(endpoints.market.getSymbol, { symbol_id: symbolId }))) ===
        undefined
      ) {
        throw new Error(`symbol ${symbolId} is listed`);
      }
      return undefined;
    },
    'the market price is': async ({ symbol_id: symbolId }) => {
      const last = await marketPrice(symbolId);
      return {
        quote_price: price(last),
        moved_quote_price: price(last * 0.95),
        limit_price: price(last * 0.95),
        limit_take_profit: price(last * 0.9),
      };
    },
    'the user holds a position': async ({
      symbol_id,
      direction,
      quantity,
      leverage_id,
      request_id,
    }) => {
      if (direction !== 'long' && direction !== 'short')
        throw new Error(`no direction ${direction}`);
      const placed = await call(endpoints.contract.addOrder, {
        symbol_id,
        side: direction === 'long' ? 'buy' : 'sell',
        type: 'market',
        price: '',
        quantity,
        leverage_id,
        take_profit: '',
        stop_loss: '',
        reduce_only: false,
        request_id: requestId(request_id),
      });
      const { list } = await call(endpoints.contract.storeList, { symbol_id });
      const held = list.find((one) => one.id === placed.position_id);
      if (held === undefined) throw new Error('the market order opened no position');
      const mark = Number(held.mark_price);
      const liquidation = Number(held.liquidation_price);
      const sign = direction === 'long' ? 1 : -1;
      return {
        position_id: held.id,
        take_profit: price(mark * (1 + 0.05 * sign)),
        stop_loss: price((mark + liquidation) / 2),
        take_profit_below_price: price(mark * (1 - 0.05 * sign)),
        stop_loss_near_liquidation: price(liquidation * (1 + 0.001 * sign)),
      };
    },
    'the user has a resting limit order': async ({ symbol_id, side, quantity, leverage_id }) => {
      if (side !== 'buy' && side !== 'sell') throw new Error(`no side ${side}`);
      const last = await marketPrice(symbol_id);
      const placed = await call(endpoints.contract.addOrder, {
        symbol_id,
        side,
        type: 'limit',
        price: price(last * (side === 'buy' ? 0.95 : 1.05)),
        quantity,
        leverage_id,
        take_profit: '',
        stop_loss: '',
        reduce_only: false,
        request_id: requestId('pact-verifier-limit-order'),
      });
      if (placed.status !== 'pending') throw new Error(`the limit order is ${placed.status}`);
      given.set('order_id', placed.id);
      return { order_id: placed.id };
    },
    'the user cancelled the order': async () => {
      const orderId = given.get('order_id');
      if (orderId === undefined) throw new Error('list "the user has a resting limit order" first');
      await call(endpoints.contract.cancelOrder, {
        order_id: orderId,
        request_id: requestId('pact-verifier-cancel-order'),
      });
      return undefined;
    },
    'the user added margin to the position': async ({ amount }) => {
      const positionId = given.get('position_id');
      if (positionId === undefined) throw new Error('list "the user holds a position" first');
      await call(endpoints.contract.depositChange, {
        position_id: positionId,
        action: 'add',
        amount,
        request_id: requestId('pact-verifier-add-margin'),
      });
      return undefined;
    },
    'the user holds an option': async ({ symbol_id, direction, amount, duration_id }) => {
      const placed = await call(endpoints.options.addOrder, {
        symbol_id,
        duration_id,
        direction: direction === 'down' ? 'down' : 'up',
        amount,
        request_id: requestId('pact-verifier-option'),
      });
      return { option_id: placed.id };
    },
    'the user has an option ordering': async (params) => {
      const seconds = Number(params.start_in_seconds);
      const placed = await call(endpoints.options.addOrder, {
        symbol_id: params.symbol_id,
        duration_id: params.duration_id,
        direction: params.direction === 'down' ? 'down' : 'up',
        amount: params.amount,
        request_id: requestId('pact-verifier-option-ordering'),
        start_at: Date.now() + Math.max(seconds, 60) * 1000,
      });
      given.set('option_id', placed.id);
      return { option_id: placed.id };
    },
    'a Coin Guess period is taking bets': async () => {
      const round = await until(
        () => guest(endpoints.digits.getIssue, { recent: 1 }),
        (one) => one.phase === 'betting' && one.close_at - one.server_time > 5000,
        'no Coin Guess period takes bets',
      );
      given.set('issue', round.issue);
      const before = round.recent_draws[0]?.issue;
      return before === undefined
        ? { issue: round.issue }
        : { issue: round.issue, previous_issue: before };
    },
    'the user holds a Coin Guess bet': async ({ bet_type, amount }) => {
      const issue = given.get('issue');
      if (issue === undefined) throw new Error('list "a Coin Guess period is taking bets" first');
      const placed = await call(endpoints.digits.addBet, {
        issue,
        bet_type,
        amount,
        request_id: requestId(`pact-verifier-bet-${bet_type}`),
      });
      given.set('bet_id', placed.id);
      return { bet_id: placed.id };
    },
    'Coin Guess bets are closed': async () => {
      const issue = given.get('issue');
      if (issue === undefined) throw new Error('list "a Coin Guess period is taking bets" first');
      await until(
        () => guest(endpoints.digits.getIssue, { recent: 1 }),
        (one) => one.issue !== issue || one.phase !== 'betting',
        `the Coin Guess period ${issue} takes bets still`,
      );
      return undefined;
    },
  };

  const tearDown: { readonly [Name in StateName]?: (params: StateParams[Name]) => Promise<void> } =
    {
      'a signed-in user': async () => {
        if (changedPassword === null || signedIn === null) return;
        const { password } = accountOf(signedIn.persona);
        await tryCall(endpoints.user.changePassword, {
          old_password: changedPassword,
          password,
          confirm_password: password,
        });
        changedPassword = null;
      },
      'the market price is': async ({ symbol_id }) => {
        if (signedIn === null) return;
        const open = await call(endpoints.contract.orderList, {
          group: 'open',
          page: 1,
          limit: 100,
        });
        for (const order of open.list) {
          await tryCall(endpoints.contract.cancelOrder, {
            order_id: order.id,
            request_id: requestId(`pact-verifier-undo-${order.id}`),
          });
        }
        const { list } = await call(endpoints.contract.storeList, { symbol_id });
        if (list.length > 0) {
          await tryCall(endpoints.contract.allStop, {
            symbol_id,
            request_id: requestId('pact-verifier-undo-positions'),
          });
        }
      },
      'the user has a deposit under review': async () => {
        const depositId = given.get('deposit_id');
        if (depositId === undefined) return;
        await tryCall(endpoints.account.cancelRech, {
          id: depositId,
          request_id: requestId('pact-verifier-undo-deposit'),
        });
      },
      'the user has an option ordering': async () => {
        const optionId = given.get('option_id');
        if (optionId === undefined) return;
        await tryCall(endpoints.options.orderCancel, {
          order_id: optionId,
          request_id: requestId('pact-verifier-undo-option'),
        });
      },
      'the user holds a Coin Guess bet': async () => {
        const betId = given.get('bet_id');
        if (betId === undefined) return;
        await tryCall(endpoints.digits.cancelBet, {
          bet_id: betId,
          request_id: requestId('pact-verifier-undo-bet'),
        });
      },
    };

  const handlers: StateHandlers = {};
  for (const name of Object.keys(STATE_PARAM_KEYS) as StateName[]) {
    const setup = setUp[name] as
      ((params: StateParams[StateName]) => Promise<Values | undefined>) | undefined;
    const teardown = tearDown[name] as
      ((params: StateParams[StateName]) => Promise<void>) | undefined;
    handlers[name] = {
      setup: async (raw) => {
        if (setup === undefined)
          throw new Error(`not reached by a user's calls: ${STATE_REACH[name].how}`);
        const values = await setup(readStateParams(name, raw));
        for (const [key, value] of Object.entries(values ?? {})) given.set(key, value);
        return values;
      },
      teardown: async (raw) => {
        try {
          await teardown?.(readStateParams(name, raw));
        } catch (error) {
          options.warn?.(
            `undoing "${name}": ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      },
    };
  }
  handlers[''] = {
    setup: () => {
      beginInteraction();
      return Promise.resolve();
    },
  };

  return {
    handlers,
    session: () => signedIn?.token ?? null,
    requestId,
    call,
    observe: (path, body) => {
      if (path === endpoints.user.changePassword.path && typeof body['password'] === 'string') {
        changedPassword = body['password'];
      }
    },
  };
}
