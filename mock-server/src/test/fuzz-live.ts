/**
 * Bodies for the protocol fuzz read from the live state, for the calls a body generated from the
 * schema alone cannot get through: the scenario's accounts and their passwords, the listed
 * symbols, the trader's open orders, positions, bets and pending deposits, Coin Guess's current
 * period, codes planted in the mailbox. Each builder runs when its call is sent (after the calls
 * before it), may prepare what it needs first (a spare user, a planted code, a pending deposit, an
 * open position), and answers the body and who signs it. The fuzz compares the state from after
 * the preparation to the state after the call.
 *
 * Destructive calls (logout, deleteUser, changePassword, forget, a second identity submission)
 * are made by spare users created for that one call, so they never starve the trader's calls.
 */
import { ANNOUNCEMENTS, IPO_OFFERINGS, SYMBOLS } from '@bourse/fixtures';
import { endpointByPath } from '@bourse/protocol';
import type { BetInput } from '../engine/digits/bets.ts';
import type { Exchange } from '../engine/exchange.ts';
import type { OptionOrderInput } from '../engine/options/desk.ts';
import type { Body } from './fuzz-values.ts';

/** Deterministic picks from one generated number (mulberry32), so a seed replays a run. */
export class Picks {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(list: readonly T[]): T {
    const value = list[Math.floor(this.next() * list.length)];
    if (value === undefined) throw new Error('nothing to pick from');
    return value;
  }

  bool(): boolean {
    return this.next() < 0.5;
  }

  digits(length: number): string {
    return Array.from({ length }, () => String(this.int(0, 9))).join('');
  }
}

export interface Account {
  readonly userId: string;
  readonly email: string;
  readonly password: string;
}

export interface SpareUser extends Account {
  /** a live session's token */
  readonly token: string;
}

/** What a builder reads and prepares with. */
export interface Live {
  readonly exchange: Exchange;
  /** the scenario's trader, with the password it has now */
  readonly trader: () => Account;
  readonly picks: Picks;
  /** a request id no call has used */
  readonly requestId: () => string;
  /** an address no user has */
  readonly freshEmail: () => string;
  /** a new user with a live session, for a call that uses the user up */
  readonly spare: () => Promise<SpareUser>;
}

export interface Planned {
  readonly body: Body;
  /** the session to sign with, when not the trader's */
  readonly token?: string;
}

type Builder = (live: Live) => Planned | Promise<Planned>;

/** crypto never closes: orders, options and quotes on it are taken at any simulated hour */
const TRADED = SYMBOLS.filter((symbol) => symbol.category === 'crypto').map((symbol) => symbol.id);
const ANY_SYMBOL = SYMBOLS.map((symbol) => symbol.id);

const newPassword = (live: Live) => `Fuzz${live.picks.digits(6)}`;
const code = (live: Live) => live.picks.digits(6);
const empty: Builder = () => ({ body: {} });
const page = (live: Live): Body => ({ page: live.picks.int(1, 3), limit: live.picks.int(1, 100) });

const contractsOf = (live: Live) => live.exchange.domains.contracts;

type AccountKind = 'fund' | 'contract' | 'option';

/**
 * Keeps the trader's account of `kind` (in the current mode) able to pay for a call: when it runs
 * low, the fund account is topped up (the demo top-up, or an approved deposit in real money) and
 * money is moved across, as a user would.
 */
function funded(live: Live, kind: AccountKind): void {
  const { userId } = live.trader();
  const { funds } = live.exchange;
  const mode = live.exchange.users.get(userId).account_mode;
  const available = (account: AccountKind) =>
    Number(funds.balance(userId, mode, account).available);
  if (available(kind) >= 1_000) return;
  if (available('fund') < 2_000) {
    if (mode === 'demo') {
      funds.demoTopUp(userId, { amount: '20000', request_id: live.requestId() });
    } else {
      funds.readyDepositAccount(userId, 'usdt', 'TRC20');
      const deposit = funds.addDeposit(userId, {
        request_id: live.requestId(),
        method: 'usdt',
        amount: '20000',
        currency: 'USDT',
        network: 'TRC20',
        tx_hash: live.picks.digits(64),
        remark: '',
      });
      funds.decideDeposit(deposit.id, true);
    }
  }
  if (kind !== 'fund') {
    funds.transfer(userId, {
      from: 'fund',
      to: kind,
      amount: '1000',
      request_id: live.requestId(),
    });
  }
}

function openPosition(live: Live): { id: string; quantity: string } | undefined {
  const { userId } = live.trader();
  const mode = live.exchange.users.get(userId).account_mode;
  const open = contractsOf(live)
    .positionRows(userId)
    .filter((row) => row.account_mode === mode && row.quantity !== '0');
  return open.length > 0 ? live.picks.pick(open) : undefined;
}

/** An open position of the trader's in the current mode, opened at market when there is none. */
function aPosition(live: Live): { id: string; quantity: string } {
  const found = openPosition(live);
  if (found) return found;
  funded(live, 'contract');
  const { userId } = live.trader();
  const symbolId = live.picks.pick(TRADED);
  const info = contractsOf(live).info(userId, symbolId);
  contractsOf(live).addOrder(userId, {
    symbol_id: symbolId,
    side: live.picks.bool() ? 'buy' : 'sell',
    type: 'market',
    price: '',
    quantity: info.min_qty,
    leverage_id: info.leverage_id,
    take_profit: '',
    stop_loss: '',
    reduce_only: false,
    request_id: live.requestId(),
  });
  const opened = openPosition(live);
  if (!opened) throw new Error('a market order opened no position');
  return opened;
}

/** A limit order of the trader's still waiting, placed far from the market when there is none. */
function aPendingOrder(live: Live): string {
  const { userId } = live.trader();
  const mode = live.exchange.users.get(userId).account_mode;
  const waiting = contractsOf(live)
    .orderRows(userId)
    .filter((row) => row.account_mode === mode && row.status === 'pending');
  if (waiting.length > 0) return live.picks.pick(waiting).id;
  funded(live, 'contract');
  const symbolId = live.picks.pick(TRADED);
  const info = contractsOf(live).info(userId, symbolId);
  const far = (Number(info.mark_price) / 2).toFixed(2);
  return contractsOf(live).addOrder(userId, {
    symbol_id: symbolId,
    side: 'buy',
    type: 'limit',
    price: far,
    quantity: info.min_qty,
    leverage_id: info.leverage_id,
    take_profit: '',
    stop_loss: '',
    reduce_only: false,
    request_id: live.requestId(),
  }).id;
}

function optionOrder(live: Live, startAt?: number): OptionOrderInput {
  funded(live, 'option');
  const symbolId = live.picks.pick(TRADED);
  const { list } = live.exchange.domains.options.durations(symbolId);
  // short ones, so that the clock's steps settle them and the desk's limit on open orders holds
  const duration = live.picks.pick(list.filter((entry) => entry.open && entry.seconds <= 60));
  return {
    symbol_id: symbolId,
    duration_id: duration.id,
    direction: live.picks.bool() ? 'up' : 'down',
    amount: duration.min_amount,
    request_id: live.requestId(),
    ...(startAt === undefined ? {} : { start_at: startAt }),
  };
}

function bet(live: Live): BetInput {
  const digits = live.exchange.domains.digits;
  funded(live, digits.info().account);
  const type = live.picks.pick(digits.info().bet_types);
  return {
    issue: digits.round().issue,
    bet_type: type.id,
    amount: type.min_amount,
    request_id: live.requestId(),
  };
}

/** The name a bank account must be held in: the one on the trader's verified identity. */
const holderOf = (live: Live): string =>
  live.exchange.users.get(live.trader().userId).identity?.name ?? 'Alex Doe';

/** Deposits and withdrawals are real money: the trader is switched to the real account first. */
function inRealMode(live: Live): string {
  const { userId } = live.trader();
  if (live.exchange.users.get(userId).account_mode !== 'real') {
    live.exchange.profile.setAccountMode(userId, 'real');
  }
  return userId;
}

/** A deposit of the trader's under review, made first when there is none. */
function aReviewedDeposit(live: Live): string {
  const userId = inRealMode(live);
  const reviewing = live.exchange
    .live()
    .deposits.filter((row) => row.user_id === userId && row.status === 'reviewing');
  if (reviewing.length > 0) return live.picks.pick(reviewing).id;
  live.exchange.funds.readyDepositAccount(userId, 'usdt', 'TRC20');
  return live.exchange.funds.addDeposit(userId, {
    request_id: live.requestId(),
    method: 'usdt',
    amount: String(live.picks.int(10, 500)),
    currency: 'USDT',
    network: 'TRC20',
    tx_hash: live.picks.digits(64),
    remark: '',
  }).id;
}

/**
 * For each served call, a body that should succeed on the live state. A call missing here is
 * fuzzed from its schema only (the test fails when that does not reach 50 successes).
 */
export const LIVE_BODIES: Readonly<Record<string, Builder>> = {
  // ---- guests: sign-up, sign-in, reset ----
  '/api/login/sendEmail': (live) => ({
    body: { email: live.freshEmail(), purpose: live.picks.bool() ? 'register' : 'forget' },
  }),
  '/api/login/register': (live) => {
    const email = live.freshEmail();
    const planted = code(live);
    live.exchange.codes.plant(email, 'register', planted);
    const password = newPassword(live);
    const inviter = live.exchange.users.get(live.trader().userId).invite_code;
    return {
      body: {
        email,
        code: planted,
        password,
        confirm_password: password,
        ...(live.picks.bool() ? { invite_code: inviter } : {}),
      },
    };
  },
  '/api/login/index': (live) => ({
    body: { account: live.trader().email, password: live.trader().password },
  }),
  '/api/login/forget': async (live) => {
    const spare = await live.spare();
    const planted = code(live);
    live.exchange.codes.plant(spare.email, 'forget', planted);
    const password = newPassword(live);
    return {
      body: { email: spare.email, code: planted, password, confirm_password: password },
    };
  },

  // ---- the signed-in user ----
  '/api/users/sendEmail': async (live) => {
    const spare = await live.spare();
    return {
      token: spare.token,
      body: { purpose: live.picks.pick(['change_password', 'delete_account', 'bind']) },
    };
  },
  '/api/users/info': empty,
  '/api/users/setNickname': (live) => ({ body: { nickname: `fuzz ${live.picks.digits(5)}` } }),
  '/api/users/changePassword': async (live) => {
    const spare = await live.spare();
    const password = newPassword(live);
    return {
      token: spare.token,
      body: { old_password: spare.password, password, confirm_password: password },
    };
  },
  '/api/users/deleteUser': async (live) => {
    const spare = await live.spare();
    const planted = code(live);
    live.exchange.codes.plant(spare.email, 'delete_account', planted);
    return { token: spare.token, body: { password: spare.password, code: planted } };
  },
  '/api/users/logout': async (live) => ({ token: (await live.spare()).token, body: {} }),
  '/api/users/setHeadImg': (live) => ({
    body: { avatar: `data:image/${live.picks.pick(['png', 'jpeg', 'webp'])};base64,iVBORw0KGgo=` },
  }),
  '/api/users/changeMock': (live) => ({
    body: { account_mode: live.picks.pick(['real', 'demo']) },
  }),
  '/api/users/getCurrency': empty,
  '/api/users/getBankList': empty,
  '/api/users/setUserBank': (live) => ({
    body: {
      bank_name: 'Chase',
      account_no: live.picks.digits(12),
      holder_name: holderOf(live),
    },
  }),
  '/api/users/getCashStatus': empty,
  '/api/users/setUserWallet': (live) => ({
    body: live.picks.pick([
      { network: 'TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' },
      { network: 'ERC20', address: '0x52908400098527886e0f7030069857d2e4169ee7' },
    ]),
  }),
  '/api/users/getCustomerList': empty,
  '/api/users/setAuthentication': async (live) => ({
    // a submission under review cannot be made again: each comes from a new user
    token: (await live.spare()).token,
    body: {
      name: 'Alex Doe',
      id_number: `X${live.picks.digits(7)}`,
      phone: `+1 415555${live.picks.digits(4)}`,
      birth_date: '1990-04-01',
      document_type: 'passport',
      front_image: 'data:image/jpeg;base64,/9j/4AAQ',
    },
  }),
  '/api/users/getDocumentType': empty,

  // ---- content and market ----
  '/api/index/getLang': empty,
  '/api/index/getPhoneCode': empty,
  '/api/index/bannerList': empty,
  '/api/index/noticeList': (live) => ({ body: page(live) }),
  '/api/index/noticeDetail': (live) => ({
    body: { id: live.picks.pick(ANNOUNCEMENTS.map((notice) => notice.id)) },
  }),
  '/api/index/getCustomer': empty,
  '/api/index/getCustomerList': empty,
  '/api/index/getWalletList': empty,
  '/api/index/getConfigList': empty,
  '/api/index/getConfigDetail': (live) => ({
    body: {
      key: live.picks.pick(['service_policy', 'about_us', 'user_agreement', 'privacy_policy']),
    },
  }),
  '/api/index/getConfig': empty,
  '/api/index/getSymbolList': (live) => ({
    body: live.picks.bool()
      ? {}
      : { category: live.picks.pick(['stock', 'metal', 'forex', 'crypto']) },
  }),
  '/api/trades/getSymbol': (live) => ({ body: { symbol_id: live.picks.pick(ANY_SYMBOL) } }),
  '/api/trades/getLogData': (live) => ({
    body: {
      symbol_id: live.picks.pick(ANY_SYMBOL),
      period: live.picks.pick(['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w', '1M']),
      limit: live.picks.int(1, 50),
    },
  }),
  '/api/trades/getIpoList': (live) => ({ body: page(live) }),
  '/api/trades/getIpoDetail': (live) => ({
    body: { id: live.picks.pick(IPO_OFFERINGS.map((offering) => offering.id)) },
  }),

  // ---- money ----
  '/api/account/index': empty,
  '/api/account/list': (live) => ({
    body: { ...page(live), account: live.picks.pick(['fund', 'contract', 'option']) },
  }),
  '/api/account/getRechInfo': (live) => ({
    body: live.picks.bool()
      ? { method: 'bank' }
      : { method: 'usdt', network: live.picks.pick(['TRC20', 'ERC20']) },
  }),
  '/api/account/addRech': (live) => {
    const network = live.picks.pick(['TRC20', 'ERC20'] as const);
    // the exclusive deposit account is obtained first (getRechInfo asks for it; it takes a while)
    live.exchange.funds.readyDepositAccount(inRealMode(live), 'usdt', network);
    return {
      body: {
        request_id: live.requestId(),
        method: 'usdt',
        amount: String(live.picks.int(10, 5_000)),
        currency: 'USDT',
        network,
        tx_hash: `${network === 'ERC20' ? '0x' : ''}${live.picks.digits(64)}`,
      },
    };
  },
  '/api/account/cancelRech': (live) => ({
    body: { id: aReviewedDeposit(live), request_id: live.requestId() },
  }),
  '/api/account/cashInfo': empty,
  '/api/account/addCash': (live) => {
    const userId = inRealMode(live);
    funded(live, 'fund');
    // a withdrawal goes to a bank account or wallet bound first
    if (live.exchange.payouts.banks(userId).length === 0) {
      live.exchange.payouts.bindBank(userId, {
        bank_name: 'Chase',
        account_no: live.picks.digits(12),
        holder_name: holderOf(live),
        branch: '',
        swift_code: '',
      });
    }
    const user = live.exchange.users.get(userId);
    return {
      body: {
        request_id: live.requestId(),
        method: user.bank || !user.wallet ? 'bank' : 'usdt',
        amount: String(live.picks.int(20, 40)),
        password: live.trader().password,
      },
    };
  },
  '/api/account/rechlog': (live) => ({ body: page(live) }),
  '/api/account/cashlog': (live) => ({ body: page(live) }),
  '/api/account/transfer': (live) => {
    const [from, to] = live.picks.pick([
      ['fund', 'contract'],
      ['contract', 'fund'],
      ['fund', 'option'],
      ['option', 'fund'],
      ['contract', 'option'],
      ['option', 'contract'],
    ] as const);
    funded(live, from);
    return {
      body: { from, to, amount: String(live.picks.int(1, 20)), request_id: live.requestId() },
    };
  },
  '/api/account/addRechMock': (live) => {
    // the demo top-up is for the demo account: the trader is switched to it first
    const { userId } = live.trader();
    if (live.exchange.users.get(userId).account_mode !== 'demo') {
      live.exchange.profile.setAccountMode(userId, 'demo');
    }
    return {
      body: { amount: String(live.picks.int(100, 10_000)), request_id: live.requestId() },
    };
  },
  '/api/team/shareInfo': empty,
  '/api/team/teamInfo': (live) => ({ body: page(live) }),

  // ---- contracts ----
  '/api/Contract/getContractInfo': (live) => ({
    body: { symbol_id: live.picks.pick(ANY_SYMBOL) },
  }),
  '/api/Contract/addOrder': (live) => {
    funded(live, 'contract');
    const symbolId = live.picks.pick(TRADED);
    const info = contractsOf(live).info(live.trader().userId, symbolId);
    const market = live.picks.bool();
    const side = live.picks.bool() ? 'buy' : 'sell';
    const mark = Number(info.mark_price);
    return {
      body: {
        symbol_id: symbolId,
        side,
        type: market ? 'market' : 'limit',
        ...(market ? {} : { price: (side === 'buy' ? mark * 0.9 : mark * 1.1).toFixed(2) }),
        quantity: info.min_qty,
        leverage_id: live.picks.pick(info.leverages).id,
        request_id: live.requestId(),
      },
    };
  },
  '/api/Contract/storeList': (live) => ({
    body: live.picks.bool() ? {} : { symbol_id: live.picks.pick(TRADED) },
  }),
  '/api/Contract/orderList': (live) => ({
    body: { ...page(live), group: live.picks.pick(['open', 'history']) },
  }),
  '/api/Contract/cancelOrder': (live) => ({
    body: { order_id: aPendingOrder(live), request_id: live.requestId() },
  }),
  '/api/Contract/allStop': (live) => {
    aPosition(live);
    return { body: { request_id: live.requestId() } };
  },
  '/api/Contract/partStop': (live) => {
    const position = aPosition(live);
    return {
      body: { position_id: position.id, quantity: position.quantity, request_id: live.requestId() },
    };
  },
  '/api/Contract/depositChange': (live) => ({
    body: {
      position_id: (funded(live, 'contract'), aPosition(live)).id,
      action: 'add',
      amount: String(live.picks.int(1, 5)),
      request_id: live.requestId(),
    },
  }),
  '/api/Contract/getStrategy': empty,
  '/api/Contract/addTakeStop': (live) => ({
    body: {
      position_id: aPosition(live).id,
      take_profit: '',
      stop_loss: '',
      request_id: live.requestId(),
    },
  }),
  '/api/Contract/setStrategy': (live) => ({
    body: {
      enabled: live.picks.bool(),
      deposit_rate: String(live.picks.int(50, 90)),
      auto_add: String(live.picks.int(10, 50)),
      request_id: live.requestId(),
    },
  }),

  // ---- options ----
  '/api/MicroOrders/getSecondList': (live) => ({ body: { symbol_id: live.picks.pick(TRADED) } }),
  '/api/MicroOrders/addOrder': (live) => ({ body: { ...optionOrder(live) } }),
  '/api/MicroOrders/orderList': (live) => ({
    body: { ...page(live), status: live.picks.pick(['ordering', 'trading', 'settled']) },
  }),
  '/api/MicroOrders/orderCancel': (live) => {
    // an order waiting for its chosen start is the one that can be cancelled
    const { userId } = live.trader();
    const options = live.exchange.domains.options;
    const waiting = options.orderRows(userId).filter((row) => row.status === 'ordering');
    const id =
      waiting.length > 0
        ? live.picks.pick(waiting).id
        : options.addOrder(userId, optionOrder(live, live.exchange.now() + 3_600_000)).id;
    return { body: { order_id: id, request_id: live.requestId() } };
  },

  // ---- Coin Guess ----
  '/api/Digits/digitInfo': empty,
  '/api/Digits/getIssue': (live) => ({
    body: live.picks.bool() ? {} : { recent: live.picks.int(1, 100) },
  }),
  '/api/Digits/addBet': (live) => ({ body: { ...bet(live) } }),
  '/api/Digits/betLog': (live) => ({ body: page(live) }),
  '/api/Digits/cancelBet': (live) => {
    const { userId } = live.trader();
    const digits = live.exchange.domains.digits;
    const pending = digits.betRows(userId).filter((row) => row.status === 'pending');
    const id =
      pending.length > 0 ? live.picks.pick(pending).id : digits.addBet(userId, bet(live)).id;
    return { body: { bet_id: id, request_id: live.requestId() } };
  },
};

for (const path of Object.keys(LIVE_BODIES)) {
  if (!endpointByPath.has(path)) throw new Error(`LIVE_BODIES names ${path}, which no call has`);
}
