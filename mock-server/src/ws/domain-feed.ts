import type { DOMAIN_NAMES } from '../engine/domains.ts';
import type { Exchange } from '../engine/exchange.ts';
import { SERVED } from '../domains.ts';
import type { SocketGateway } from './gateway.ts';

/**
 * The registered domains' pushes (domains.ts says where each event goes): to the user's own
 * sockets, or to a public topic's subscribers. Pushes leave on the next turn of the event loop, after the change is saved
 * and the call answered. It only publishes: the engine settles on its own time. Returns stop.
 */
export function domainFeed(exchange: Exchange, gateway: SocketGateway): () => void {
  return exchange.onDomainEvent((name, event) => {
    const push = pushOf(name, event);
    if (!push) return;
    if (!SERVED[name].pushes.includes(push.func)) {
      throw new Error(`the ${name} domain pushes ${push.func}, which it does not declare`);
    }
    setImmediate(() => {
      if ('topic' in push) {
        gateway.publish(push.topic, push.func, push.data);
        return;
      }
      if (!exchange.live().users[push.userId]) return;
      gateway.pushToUser(push.userId, push.func, push.data);
    });
  });
}

/** one domain's event as its push (the event is that domain's: onDomainEvent pairs them) */
const pushOf = (name: (typeof DOMAIN_NAMES)[number], event: unknown) =>
  (SERVED[name].push as (event: unknown) => ReturnType<(typeof SERVED)[typeof name]['push']>)(
    event,
  );
