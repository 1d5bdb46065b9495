/**
 * Helpers for the tests of the contract rows, their lists and their ledger entries: what a
 * client (or the control API) can see of them, read the same way in every test.
 */
import { userAccount } from '../ledger/accounts.ts';
import type { PriceWatch } from '../kernel/clockwork.ts';
import type { PostingRecord } from '../state.ts';
import { BTC, rid, type ContractWorld } from './testing.ts';

/** the prices the engine watches now, by symbol (what it will look at next) */
export const watches = (w: ContractWorld): Omit<PriceWatch, 'version'>[] =>
  [...w.contracts.watches()].map(({ symbolId, above, below }) => ({ symbolId, above, below }));

/** the ledger transactions booked under one reference (an order number, `CM<id>`) */
export const booked = (
  w: ContractWorld,
  ref: string,
): { kind: string; postings: PostingRecord[] }[] =>
  w.exchange.ledger
    .transactions()
    .filter((transaction) => transaction.ref_id === ref)
    .map(({ kind, postings }) => ({ kind, postings }));

/** a user's real contract account's part, as the ledger names it */
export const contractAccount = (userId: string, part: 'available' | 'frozen'): string =>
  userAccount(userId, 'real', 'contract', part);

/** the user's open position on BTC (the test fails when there is none) */
export const btcPosition = (w: ContractWorld, userId: string) => {
  const position = w.contracts.positions(userId, BTC).list[0];
  if (!position) throw new Error('no BTC position');
  return position;
};

/** a resting reduce-only limit order that sells `quantity` of a long at `price` */
export const restingSell = (w: ContractWorld, userId: string, quantity: string, price: string) =>
  w.order(userId, { side: 'sell', type: 'limit', price, quantity, reduce_only: true });

/** the user's open or history orders in the current mode, newest first */
export const ordersOf = (w: ContractWorld, userId: string, group: 'open' | 'history') =>
  w.contracts.orders(userId, { group, page: 1, limit: 50 }).list;

/** cancels an order by id */
export const cancel = (w: ContractWorld, userId: string, orderId: string) =>
  w.contracts.cancelOrder(userId, { order_id: orderId, request_id: rid() });
