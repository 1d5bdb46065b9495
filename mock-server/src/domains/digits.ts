import { contractsQuery, digitsFixBody, digitsTimingBody } from '../control/schemas.ts';
import { defineServed } from './served.ts';

/**
 * Coin Guess outside the engine: /api/Digits/* as thin mappings onto the engine's game
 * (engine/digits); a `Digits` push to the topic's subscribers on every phase change and a
 * `Notice` to each bettor with the result (`Balance` goes out from the funds feed, on the
 * ledger's commits); and QA's levers in the control API — the timing, a fixed next result (its
 * seed searched for before the commitment is published, and logged) — and a user's bets.
 */
export const servedDigits = defineServed<'digits', 'digits'>({
  wire: 'digits',
  handlers: {
    digitInfo: (_body, { exchange }) => exchange.domains.digits.info(),
    getIssue: (body, { exchange }) => exchange.domains.digits.round(body.recent),
    addBet: (body, { exchange, user }) => exchange.domains.digits.addBet(user.user_id, body),
    betLog: (body, { exchange, user }) => exchange.domains.digits.bets(user.user_id, body),
    cancelBet: (body, { exchange, user }) => exchange.domains.digits.cancel(user.user_id, body),
  },
  pushes: ['Digits', 'Notice'],
  push: (event) =>
    event.type === 'round'
      ? { topic: 'Digits', func: 'Digits', data: event.round }
      : { userId: event.userId, func: 'Notice', data: event.notice },
  control: (api, digits, exchange) => {
    api.get('/digits', { schema: { querystring: contractsQuery } }, (request, reply) => {
      const user = exchange.users.byEmail(request.query.email);
      if (!user) return reply.code(404).send({ error: 'no such user' });
      return { bets: digits.betRows(user.user_id).toReversed(), log: digits.controlLog() };
    });
    api.post('/digits/fix', { schema: { body: digitsFixBody } }, (request) =>
      digits.fixNext(request.body.number),
    );
    api.post('/digits/timing', { schema: { body: digitsTimingBody } }, (request, reply) => {
      const { round_seconds: round, closing_seconds: closing, drawn_seconds: shown } = request.body;
      if (closing + shown >= round) {
        return reply.code(400).send({ error: 'closing and shown must leave time to bet' });
      }
      return digits.setTiming(request.body);
    });
  },
});
