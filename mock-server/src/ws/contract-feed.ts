import type { Exchange } from '../engine/exchange.ts';
import type { SocketGateway } from './gateway.ts';

/**
 * The private contract pushes, to the user's own sockets only: `Order` when an order is placed,
 * traded or cancelled, `Position` when a position opens or changes (`{id, closed: true}` once it
 * is closed), and a `Notice` when a take profit or stop loss fires or a position is liquidated.
 * `Balance` goes out from the funds feed, on the ledger's commits. Pushes leave on the next turn
 * of the event loop, after the change is saved and the call answered. It only publishes: the
 * engine settles what the price sets off on its own time (kernel/clockwork.ts). Returns stop.
 */
export function contractFeed(exchange: Exchange, gateway: SocketGateway): () => void {
  return exchange.contracts.onEvent((event) => {
    setImmediate(() => {
      if (!exchange.live().users[event.userId]) return;
      if (event.type === 'order') gateway.pushToUser(event.userId, 'Order', event.order);
      else if (event.type === 'position') {
        gateway.pushToUser(event.userId, 'Position', event.position);
      } else gateway.pushToUser(event.userId, 'Notice', event.notice);
    });
  });
}
