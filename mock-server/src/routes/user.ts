import type { DomainHandlers } from './handlers.ts';

/**
 * /api/users/*: thin mappings onto the engine's user domains (authentication, profile, identity
 * review, payout targets) and the content fixtures.
 */
export const userHandlers: DomainHandlers<'user'> = {
  sendEmail: (body, { exchange, user, language, client }) =>
    exchange.codes.sendToUser(user.user_id, body.purpose, language, client),
  info: (_body, { exchange, user }) => exchange.profile.info(user.user_id),
  setNickname: (body, { exchange, user }) =>
    exchange.profile.setNickname(user.user_id, body.nickname),
  changePassword: async (body, { exchange, user, tokenMd5 }) => {
    await exchange.auth.changePassword(user.user_id, tokenMd5, body);
    return {};
  },
  deleteUser: async (body, { exchange, user }) => {
    await exchange.auth.deleteAccount(user.user_id, body);
    return {};
  },
  logout: (_body, { exchange, tokenMd5 }) => {
    exchange.auth.logout(tokenMd5);
    return {};
  },
  setHeadImg: (body, { exchange, user }) => exchange.profile.setAvatar(user.user_id, body.avatar),
  changeMock: (body, { exchange, user }) =>
    exchange.profile.setAccountMode(user.user_id, body.account_mode),
  getCurrency: (_body, { exchange, language }) => exchange.content.currencies(language),
  getBankList: (_body, { exchange, user }) => ({ list: exchange.payouts.banks(user.user_id) }),
  setUserBank: (body, { exchange, user }) => exchange.payouts.bindBank(user.user_id, body),
  getCashStatus: (_body, { exchange, user }) => exchange.payouts.cashStatus(user.user_id),
  setUserWallet: (body, { exchange, user }) => exchange.payouts.bindWallet(user.user_id, body),
  getCustomerList: (_body, { exchange, language }) => exchange.content.agents(language),
  setAuthentication: (body, { exchange, user }) => exchange.identity.submit(user.user_id, body),
  getDocumentType: (_body, { exchange, language }) => exchange.content.documentTypes(language),
};
