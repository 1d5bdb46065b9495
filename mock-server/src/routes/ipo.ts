import type { DomainHandlers } from './handlers.ts';

/**
 * /api/trades/getIpoList and getIpoDetail: the IPO offerings, served under the `market` domain.
 * Their stages move on the exchange's clock (engine/ipo.ts).
 */
export const ipoHandlers: Pick<DomainHandlers<'market'>, 'getIpoList' | 'getIpoDetail'> = {
  getIpoList: (body, { exchange, language }) =>
    exchange.ipo.list(language, { status: body.status, page: body.page, limit: body.limit }),
  getIpoDetail: (body, { exchange, language }) => exchange.ipo.detail(language, body.id),
};
