import type { DomainHandlers } from './handlers.ts';

/**
 * /api/Contract/*: thin mappings onto the engine's contract domain (engine/contracts), which
 * books every movement in the ledger, replays a repeated request id and answers for the user's
 * current mode.
 */
export const contractHandlers: DomainHandlers<'contract'> = {
  getContractInfo: (body, { exchange, user }) =>
    exchange.contracts.info(user.user_id, body.symbol_id),
  addOrder: (body, { exchange, user }) => exchange.contracts.addOrder(user.user_id, body),
  storeList: (body, { exchange, user }) =>
    exchange.contracts.positions(user.user_id, body.symbol_id),
  orderList: (body, { exchange, user }) => exchange.contracts.orders(user.user_id, body),
  cancelOrder: (body, { exchange, user }) => exchange.contracts.cancelOrder(user.user_id, body),
  allStop: (body, { exchange, user }) => exchange.contracts.allStop(user.user_id, body),
  partStop: (body, { exchange, user }) => exchange.contracts.partStop(user.user_id, body),
  depositChange: (body, { exchange, user }) => exchange.contracts.depositChange(user.user_id, body),
  getStrategy: (_body, { exchange, user }) => exchange.contracts.strategy(user.user_id),
  addTakeStop: (body, { exchange, user }) => exchange.contracts.addTakeStop(user.user_id, body),
  setStrategy: (body, { exchange, user }) => exchange.contracts.setStrategy(user.user_id, body),
};
