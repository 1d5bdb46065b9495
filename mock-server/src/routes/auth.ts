import type { DomainHandlers } from './handlers.ts';

/** /api/login/*: thin mappings onto the accounts engine. */
export const authHandlers: DomainHandlers<'auth'> = {
  sendEmail: (body, { exchange, language, client }) =>
    exchange.accounts.sendCode(body.email, body.purpose, language, client),
  register: (body, { exchange, language }) => exchange.accounts.register({ ...body, language }),
  login: (body, { exchange, client }) => exchange.accounts.login(body, client),
  forget: async (body, { exchange }) => {
    await exchange.accounts.resetPassword(body);
    return {};
  },
};
