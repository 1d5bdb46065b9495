import { contractsQuery } from '../control/schemas.ts';
import { defineServed } from './served.ts';

/**
 * Timed up/down options outside the engine: /api/MicroOrders/* as thin mappings onto the
 * engine's options domain (engine/options), which books every stake, payout and refund in the
 * ledger, replays a repeated request id and answers for the user's current mode; an `Option`
 * push to the owner's sockets when an order is placed, begins, settles or is cancelled
 * (`Balance` goes out from the funds feed, on the ledger's commits); and a user's orders, as the
 * engine keeps them, in the control API. Nothing in the control API decides a result: QA reaches
 * each outcome through the market's prices and the clock.
 */
export const servedOptions = defineServed<'options', 'options'>({
  wire: 'options',
  handlers: {
    getSecondList: (body, { exchange }) => exchange.domains.options.durations(body.symbol_id),
    addOrder: (body, { exchange, user }) => exchange.domains.options.addOrder(user.user_id, body),
    orderList: (body, { exchange, user }) => exchange.domains.options.orders(user.user_id, body),
    orderCancel: (body, { exchange, user }) => exchange.domains.options.cancel(user.user_id, body),
  },
  pushes: ['Option'],
  push: (event) => ({ userId: event.userId, func: 'Option', data: event.order }),
  control: (api, options, exchange) => {
    api.get('/options', { schema: { querystring: contractsQuery } }, (request, reply) => {
      const user = exchange.users.byEmail(request.query.email);
      if (!user) return reply.code(404).send({ error: 'no such user' });
      return { orders: options.orderRows(user.user_id).toReversed() };
    });
  },
});
