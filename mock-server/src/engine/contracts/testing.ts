/**
 * The contract rooms' test world: three users with 10 000 USDT in their real contract accounts —
 * ann (verified, invites cy), bo (unverified) and cy (verified, invited by ann) — on an exchange
 * whose clock stands at a whole second, so a set price takes effect at once.
 */
import { EngineError } from '../errors.ts';
import { exchangeWorld } from '../testing.ts';
import type { ContractsEvent } from './contracts.ts';

/** a whole second, so a set price takes effect at once */
export const START = Date.UTC(2026, 10, 24, 12, 0, 0);
export const BTC = 'btcusdt';
let requests = 0;
export const rid = () => `contract-test-${String(++requests).padStart(6, '0')}`;

export type ContractWorld = Awaited<ReturnType<typeof contractWorld>>;

export async function contractWorld() {
  const { exchange, ids, advance } = await exchangeWorld({
    at: START,
    users: [
      {
        email: 'ann@example.com',
        password: 'Secret123',
        invite_code: 'ANN111',
        identity_status: 'verified',
        balances: { real: { contract: '10000' } },
      },
      { email: 'bo@example.com', password: 'Secret123', balances: { real: { contract: '10000' } } },
      {
        email: 'cy@example.com',
        password: 'Secret123',
        invited_by_code: 'ANN111',
        identity_status: 'verified',
        balances: { real: { contract: '10000' } },
      },
    ],
  });
  const [ann = '', bo = '', cy = ''] = ids;
  const events: ContractsEvent[] = [];
  const contracts = exchange.domains.contracts;
  contracts.onEvent((event) => events.push(event));
  return {
    exchange,
    contracts,
    ann,
    bo,
    cy,
    events,
    advance,
    /** the BTC price from now on (the mark; the ask and bid are 0.001 % either side) */
    price: (value: string) => {
      exchange.market.setPrice(BTC, value, exchange.now());
    },
    balance: (account: string) => exchange.ledger.balance(account).toFixed(),
    contract: (userId: string) => exchange.ledger.account(userId, 'real', 'contract'),
    order: (userId: string, fields: Partial<Parameters<typeof contracts.addOrder>[1]> = {}) =>
      contracts.addOrder(userId, {
        symbol_id: BTC,
        side: 'buy',
        type: 'market',
        price: '',
        quantity: '1',
        leverage_id: '4',
        take_profit: '',
        stop_loss: '',
        reduce_only: false,
        request_id: rid(),
        ...fields,
      }),
  };
}

/** The EngineError a call throws (the test fails if it throws none, or something else). */
export const refusal = (call: () => unknown): EngineError => {
  try {
    call();
  } catch (error) {
    if (error instanceof EngineError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
};
