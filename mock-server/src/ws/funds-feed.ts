import type { Exchange } from '../engine/exchange.ts';
import type { SocketGateway } from './gateway.ts';

/**
 * The private money pushes: `Balance` to a user whose accounts moved, `Funds` when a review decided
 * a deposit or withdrawal, `Notice` when an exclusive deposit account is ready or an identity
 * review decided. Pushes go out on
 * the next turn of the event loop, after the change is saved and the call answered. Returns stop.
 */
export function fundsFeed(exchange: Exchange, gateway: SocketGateway): () => void {
  const moved = new Set<string>();
  let queued = false;
  const flush = () => {
    queued = false;
    for (const userId of moved) {
      if (exchange.live().users[userId]) {
        gateway.pushToUser(userId, 'Balance', exchange.funds.balances(userId));
      }
    }
    moved.clear();
  };
  const stopCommits = exchange.ledger.onCommit((transactions) => {
    for (const transaction of transactions) {
      // a new user's opening balances: nobody can be listening for them yet
      if (transaction.ref_id.startsWith('open-')) continue;
      for (const posting of transaction.postings) {
        const [owner, userId] = posting.account.split(':');
        if (owner === 'user' && userId !== undefined) moved.add(userId);
      }
    }
    if (!queued) {
      queued = true;
      setImmediate(flush);
    }
  });
  const stopFunds = exchange.funds.onEvent((event) => {
    setImmediate(() => {
      if (event.type === 'funds') gateway.pushToUser(event.userId, 'Funds', event.push);
      else gateway.pushToUser(event.userId, 'Notice', event.notice);
    });
  });
  // An identity review decided: a Notice, on which an open identity page asks again.
  const stopIdentity = exchange.identity.onEvent((event) => {
    setImmediate(() => {
      gateway.pushToUser(event.userId, 'Notice', event.notice);
    });
  });
  return () => {
    stopCommits();
    stopFunds();
    stopIdentity();
  };
}
