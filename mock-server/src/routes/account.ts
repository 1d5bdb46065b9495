import type { DomainHandlers } from './handlers.ts';

/**
 * /api/account/*: thin mappings onto the engine's funds domain (engine/funds), which books every
 * movement in the ledger and replays a repeated request id.
 */
export const accountHandlers: DomainHandlers<'account'> = {
  index: (_body, { exchange, user }) => exchange.funds.balances(user.user_id),
  list: (body, { exchange, user }) => exchange.funds.flows(user.user_id, body),
  getRechInfo: (body, { exchange, user }) =>
    exchange.funds.depositAccount(user.user_id, body.method, body.network),
  addRech: (body, { exchange, user }) => exchange.funds.addDeposit(user.user_id, body),
  cancelRech: (body, { exchange, user }) => exchange.funds.cancelDeposit(user.user_id, body),
  rechlog: (body, { exchange, user }) => exchange.funds.deposits(user.user_id, body),
  cashInfo: (_body, { exchange, user }) => exchange.funds.cashInfo(user.user_id),
  addCash: (body, { exchange, user }) => exchange.funds.addWithdrawal(user.user_id, body),
  cashlog: (body, { exchange, user }) => exchange.funds.withdrawals(user.user_id, body),
  transfer: (body, { exchange, user }) => exchange.funds.transfer(user.user_id, body),
  addRechMock: (body, { exchange, user }) => exchange.funds.demoTopUp(user.user_id, body),
};
