// The catalogue's domains, one export each and nothing else: `catalogue.ts` re-exports this module
// as the `endpoints` namespace, so a bundle that reads `endpoints.auth.login` keeps the auth domain
// and drops the domains it never reads (a plain object literal would keep them all).
import { ipo, market as marketCalls } from './market.ts';

export { account } from './account.ts';
export { auth } from './auth.ts';
export { contract } from './contract.ts';
export { digits } from './digits.ts';
export { index } from './index.ts';
/** The market calls and the IPO offerings, one domain under `/api/trades/`. */
export const market = /* @__PURE__ */ Object.assign({}, marketCalls, ipo);
export { options } from './options.ts';
export { team } from './team.ts';
export { user } from './user.ts';
