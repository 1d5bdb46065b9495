import { contractsQuery } from '../control/schemas.ts';
import { defineServed } from './served.ts';

/**
 * Contract trading outside the engine: /api/Contract/* as thin mappings onto the engine's
 * contract domain (engine/contracts), which books every movement in the ledger, replays a
 * repeated request id and answers for the user's current mode; its pushes (`Order`, `Position`,
 * or `{id, closed: true}` once closed, and a `Notice` when a take profit or stop loss fires or a
 * position is liquidated) to the user's own sockets; and what a user holds, as the engine keeps
 * it, in the control API. `Balance` goes out from the funds feed, on the ledger's commits.
 */
export const servedContracts = defineServed<'contracts', 'contract'>({
  wire: 'contract',
  handlers: {
    getContractInfo: (body, { exchange, user }) =>
      exchange.domains.contracts.info(user.user_id, body.symbol_id),
    addOrder: (body, { exchange, user }) => exchange.domains.contracts.addOrder(user.user_id, body),
    storeList: (body, { exchange, user }) =>
      exchange.domains.contracts.positions(user.user_id, body.symbol_id),
    orderList: (body, { exchange, user }) => exchange.domains.contracts.orders(user.user_id, body),
    cancelOrder: (body, { exchange, user }) =>
      exchange.domains.contracts.cancelOrder(user.user_id, body),
    allStop: (body, { exchange, user }) => exchange.domains.contracts.allStop(user.user_id, body),
    partStop: (body, { exchange, user }) => exchange.domains.contracts.partStop(user.user_id, body),
    depositChange: (body, { exchange, user }) =>
      exchange.domains.contracts.depositChange(user.user_id, body),
    getStrategy: (_body, { exchange, user }) => exchange.domains.contracts.strategy(user.user_id),
    addTakeStop: (body, { exchange, user }) =>
      exchange.domains.contracts.addTakeStop(user.user_id, body),
    setStrategy: (body, { exchange, user }) =>
      exchange.domains.contracts.setStrategy(user.user_id, body),
  },
  pushes: ['Order', 'Position', 'Notice'],
  push: (event) => {
    if (event.type === 'order') return { userId: event.userId, func: 'Order', data: event.order };
    if (event.type === 'position') {
      return { userId: event.userId, func: 'Position', data: event.position };
    }
    return { userId: event.userId, func: 'Notice', data: event.notice };
  },
  control: (api, contracts, exchange) => {
    api.get('/contracts', { schema: { querystring: contractsQuery } }, (request, reply) => {
      const user = exchange.users.byEmail(request.query.email);
      if (!user) return reply.code(404).send({ error: 'no such user' });
      return {
        positions: contracts.positionRows(user.user_id).toReversed(),
        orders: contracts.orderRows(user.user_id).toReversed(),
      };
    });
  },
});
