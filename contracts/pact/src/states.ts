/**
 * The provider states the consumer asks for, with their parameters: one vocabulary for the
 * consumer tests, the mock's state handlers and a real backend's state hook.
 *
 * Two kinds:
 * - a *world* state starts over: on the mock it loads the fixture scenario that holds the
 *   user it names (or `empty`), so nothing a previous interaction did leaks into the next one;
 * - an *added* state builds on the world the states before it set up (a code, a bank, a
 *   wallet). Pact sets states up in the order the interaction lists them.
 */

/** The type of each state's parameters: JSON objects of strings, as a pact carries them. */
export type StateParams = {
  /** world: a user exists with this e-mail and password */
  'a registered user': { email: string; password: string };
  /** world: that user exists and a session is open for `token` */
  'a signed-in user': { email: string; password: string; token: string };
  /** world: nobody is signed in; `token` in particular opens no session */
  'no session': { token: string };
  /** world: no account uses this e-mail */
  'the e-mail is not registered': { email: string };
  /** added: a registration code for this e-mail is waiting */
  'a register code was sent': { email: string; code: string };
  /** added: a password reset code for this e-mail is waiting */
  'a password reset code was sent': { email: string; code: string };
  /** added: a code confirming the deletion of this user's account is waiting */
  'an account deletion code was sent': { email: string; code: string };
  /** added: the user has bound this bank account */
  'the user has bound a bank account': {
    email: string;
    bank_name: string;
    account_no: string;
    holder_name: string;
  };
  /** added: the user has bound this USDT wallet (network: TRC20 or ERC20) */
  'the user has bound a wallet': { email: string; network: string; address: string };
  /** added: the review verified the user's identity under this name */
  "the user's identity is verified": { email: string; name: string };
  /** added: the review rejected the user's identity submission for this reason */
  "the user's identity was rejected": { email: string; reason: string };
  /** added: the user's identity documents are submitted and wait for the review */
  "the user's identity is under review": { email: string };
  /** added: the user has never asked for a deposit account (a new user has none) */
  'the user has not asked for a deposit account': { email: string };
  /** added: the user has no bank account bound */
  'the user has bound no bank account': { email: string };
  /** added: a friend registered with the user's invite code (`friend_email`, an existing user) */
  'the user has invited a friend': { email: string; friend_email: string };
  /** added: the user has switched to the demo account */
  'the user is on the demo account': { email: string };
  /** added: the user's exclusive deposit account (method bank or usdt; network for usdt) is ready */
  "the user's deposit account is ready": { email: string; method: string; network: string };
  /** added: the user has a USDT deposit of `amount` under review, with this id */
  'the user has a deposit under review': { email: string; id: string; amount: string };
  /** added: the review decided the user's deposit with this id (decision: approved or rejected) */
  "the user's deposit was reviewed": { email: string; id: string; decision: string };
  /** added: the user (verified, bound) has a bank withdrawal of `amount` under review */
  'the user has a withdrawal under review': { email: string; password: string; amount: string };
  /** added: the user made a transfer with this request id (fund to contract, of `amount`) */
  'a transfer was made with the request id': { email: string; request_id: string; amount: string };
  /** content: an announcement with this id is published */
  'an announcement exists': { id: string };
  /** content: no announcement has this id */
  'no announcement has the id': { id: string };
  /** world: at least one IPO offering is in this stage (an IpoStatus) */
  'IPO offerings are in the stage': { status: string };
  /** world: the IPO offering with this id is in this stage (an IpoStatus) */
  'an IPO offering is in a stage': { id: string; status: string };
  /** content: no IPO offering has this id */
  'no IPO offering has the id': { id: string };
  /** content: a symbol with this id is listed (its quotes and candles can be read) */
  'a symbol is listed': { symbol_id: string };
  /** content: no symbol has this id */
  'no symbol has the id': { symbol_id: string };
  /**
   * added: the symbol's price is `price` and holds there (the simulated clock stands still), so
   * market orders trade at it (at the ask or the bid) and nothing rests or fires by accident
   */
  'the market price is': { symbol_id: string; price: string };
  /**
   * added: the user (verified, or on demo) opened a position at market with this order's
   * request id (direction long or short; leverage_id one of the symbol's), and it has this id
   */
  'the user holds a position': {
    email: string;
    id: string;
    symbol_id: string;
    direction: string;
    quantity: string;
    leverage_id: string;
    request_id: string;
  };
  /** added: the user placed an opening limit order (side buy or sell) that rests, with this id */
  'the user has a resting limit order': {
    email: string;
    id: string;
    symbol_id: string;
    side: string;
    price: string;
    quantity: string;
    leverage_id: string;
  };
  /** added: the user cancelled their order with this id */
  'the user cancelled the order': { email: string; id: string };
  /** added: the user added `amount` of margin to their position with this id */
  'the user added margin to the position': { email: string; id: string; amount: string };
  /**
   * added: the user (verified, or on demo) bought an up/down option at the price of the moment
   * (direction up or down; duration_id one of getSecondList's), it trades, and it has this id
   */
  'the user holds an option': {
    email: string;
    id: string;
    symbol_id: string;
    direction: string;
    amount: string;
    duration_id: string;
  };
  /**
   * added: the user bought an option that starts `start_in_seconds` from now (so it is still
   * ordering, its stake held), and it has this id
   */
  'the user has an option ordering': {
    email: string;
    id: string;
    symbol_id: string;
    direction: string;
    amount: string;
    duration_id: string;
    start_in_seconds: string;
  };
  /** added: the user holds as many open options as the desk allows (max_open_orders), each trading */
  'the user holds as many options as allowed': { email: string; symbol_id: string };
  /**
   * added: a Coin Guess period has just opened and takes bets, and it is numbered `issue` (the
   * simulated clock stands still at its opening, so it stays open while the interaction is
   * replayed); the periods before it are drawn
   */
  'a Coin Guess period is taking bets': { issue: string };
  /**
   * added: the user (with the stake in the fund account) bet `amount` on `bet_type` in the period
   * `issue`, which takes bets, and the bet has this id
   */
  'the user holds a Coin Guess bet': {
    email: string;
    id: string;
    issue: string;
    bet_type: string;
    amount: string;
  };
  /** added: the period `issue` has stopped taking bets (the clock at its close); its draw is to come */
  'Coin Guess bets are closed': { issue: string };
};

export type StateName = keyof StateParams;

/** One state of an interaction, with its parameters. */
export type State = { [Name in StateName]: { name: Name; params: StateParams[Name] } }[StateName];

export const state = <Name extends StateName>(name: Name, params: StateParams[Name]) =>
  ({ name, params }) as Extract<State, { name: Name }>;

/** The parameters each state carries, for reading them back off the wire. */
export const STATE_PARAM_KEYS: {
  readonly [Name in StateName]: readonly (keyof StateParams[Name])[];
} = {
  'a registered user': ['email', 'password'],
  'a signed-in user': ['email', 'password', 'token'],
  'no session': ['token'],
  'the e-mail is not registered': ['email'],
  'a register code was sent': ['email', 'code'],
  'a password reset code was sent': ['email', 'code'],
  'an account deletion code was sent': ['email', 'code'],
  'the user has bound a bank account': ['email', 'bank_name', 'account_no', 'holder_name'],
  'the user has bound a wallet': ['email', 'network', 'address'],
  "the user's identity is verified": ['email', 'name'],
  "the user's identity was rejected": ['email', 'reason'],
  "the user's identity is under review": ['email'],
  'the user has not asked for a deposit account': ['email'],
  'the user has bound no bank account': ['email'],
  'the user has invited a friend': ['email', 'friend_email'],
  'the user is on the demo account': ['email'],
  "the user's deposit account is ready": ['email', 'method', 'network'],
  'the user has a deposit under review': ['email', 'id', 'amount'],
  "the user's deposit was reviewed": ['email', 'id', 'decision'],
  'the user has a withdrawal under review': ['email', 'password', 'amount'],
  'a transfer was made with the request id': ['email', 'request_id', 'amount'],
  'an announcement exists': ['id'],
  'no announcement has the id': ['id'],
  'IPO offerings are in the stage': ['status'],
  'an IPO offering is in a stage': ['id', 'status'],
  'no IPO offering has the id': ['id'],
  'a symbol is listed': ['symbol_id'],
  'no symbol has the id': ['symbol_id'],
  'the market price is': ['symbol_id', 'price'],
  'the user holds a position': [
    'email',
    'id',
    'symbol_id',
    'direction',
    'quantity',
    'leverage_id',
    'request_id',
  ],
  'the user has a resting limit order': [
    'email',
    'id',
    'symbol_id',
    'side',
    'price',
    'quantity',
    'leverage_id',
  ],
  'the user cancelled the order': ['email', 'id'],
  'the user added margin to the position': ['email', 'id', 'amount'],
  'the user holds an option': ['email', 'id', 'symbol_id', 'direction', 'amount', 'duration_id'],
  'the user has an option ordering': [
    'email',
    'id',
    'symbol_id',
    'direction',
    'amount',
    'duration_id',
    'start_in_seconds',
  ],
  'the user holds as many options as allowed': ['email', 'symbol_id'],
  'a Coin Guess period is taking bets': ['issue'],
  'the user holds a Coin Guess bet': ['email', 'id', 'issue', 'bet_type', 'amount'],
  'Coin Guess bets are closed': ['issue'],
};

/**
 * Reads a state's parameters as a pact carries them (every parameter is a string). Throws when
 * one is missing: a state set up from half its parameters would fail later, and less clearly.
 */
export function readStateParams<Name extends StateName>(
  name: Name,
  raw: unknown,
): StateParams[Name] {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new Error(`state "${name}": the parameters are not an object`);
  }
  const record = raw as Record<string, unknown>;
  for (const key of STATE_PARAM_KEYS[name]) {
    if (typeof record[key as string] !== 'string') {
      throw new Error(`state "${name}": parameter "${String(key)}" is missing or not a string`);
    }
  }
  return record as StateParams[Name];
}

/**
 * The values a state hands back once set up, for the request to carry (Pact's provider-state
 * injection): a consumer test writes such a field as `fromProviderState('${name}', example)`, so
 * a backend whose ids, prices or periods are its own is called with them rather than with the
 * pact's examples. A state's setup answers them as a JSON object; when it answers none (the
 * mock, which gives what it creates the pact's ids), the example is sent as recorded.
 */
export const STATE_VALUES = {
  'a registered user': ['email', 'password'],
  'a signed-in user': ['password', 'new_password'],
  'the e-mail is not registered': ['email'],
  "the user's identity is verified": ['name'],
  /** the price of the moment, and prices around it for the orders and quotes that need one */
  'the market price is': ['quote_price', 'moved_quote_price', 'limit_price', 'limit_take_profit'],
  /** its id, and a take profit and stop loss on the right and on the wrong side of its prices */
  'the user holds a position': [
    'position_id',
    'take_profit',
    'stop_loss',
    'take_profit_below_price',
    'stop_loss_near_liquidation',
  ],
  'the user has a resting limit order': ['order_id'],
  'the user has a deposit under review': ['deposit_id'],
  'the user holds an option': ['option_id'],
  'the user has an option ordering': ['option_id'],
  'a Coin Guess period is taking bets': ['issue', 'previous_issue'],
  'the user holds a Coin Guess bet': ['bet_id'],
} as const satisfies { readonly [Name in StateName]?: readonly string[] };

/** A value some state hands back for the request to carry. */
export type StateValue = (typeof STATE_VALUES)[keyof typeof STATE_VALUES][number];
