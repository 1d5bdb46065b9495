import type { DomainHandlers } from './handlers.ts';

/** /api/login/*: thin mappings onto the engine's e-mail codes and authentication. */
export const authHandlers: DomainHandlers<'auth'> = {
  sendEmail: (body, { exchange, language, client }) =>
    exchange.codes.send(body.email, body.purpose, language, client),
  register: (body, { exchange, language }) => exchange.auth.register({ ...body, language }),
  login: (body, { exchange, client }) => exchange.auth.login(body, client),
  forget: async (body, { exchange }) => {
    await exchange.auth.resetPassword(body);
    return {};
  },
};
