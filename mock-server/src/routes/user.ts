import type { DomainHandlers } from './handlers.ts';

/** /api/users/*: thin mappings onto the accounts engine and the content fixtures. */
export const userHandlers: DomainHandlers<'user'> = {
  sendEmail: (body, { exchange, user, language, client }) =>
    exchange.accounts.sendOwnCode(user.user_id, body.purpose, language, client),
  info: (_body, { exchange, user }) => exchange.accounts.toUserInfo(user),
  setNickname: (body, { exchange, user }) =>
    exchange.accounts.setNickname(user.user_id, body.nickname),
  changePassword: async (body, { exchange, user, tokenMd5 }) => {
    await exchange.accounts.changePassword(user.user_id, tokenMd5, body);
    return {};
  },
  deleteUser: async (body, { exchange, user }) => {
    await exchange.accounts.deleteUser(user.user_id, body);
    return {};
  },
  logout: (_body, { exchange, tokenMd5 }) => {
    exchange.accounts.logout(tokenMd5);
    return {};
  },
  setHeadImg: (body, { exchange, user }) => exchange.accounts.setAvatar(user.user_id, body.avatar),
  changeMock: (body, { exchange, user }) =>
    exchange.accounts.setAccountMode(user.user_id, body.account_mode),
  getCurrency: (_body, { exchange, language }) => exchange.content.currencies(language),
  getBankList: (_body, { exchange, user }) => ({ list: exchange.accounts.banks(user.user_id) }),
  setUserBank: (body, { exchange, user }) => exchange.accounts.bindBank(user.user_id, body),
  getCashStatus: (_body, { exchange, user }) => exchange.accounts.cashStatus(user.user_id),
  setUserWallet: (body, { exchange, user }) => exchange.accounts.bindWallet(user.user_id, body),
  getCustomerList: (_body, { exchange, language }) => exchange.content.agents(language),
  setAuthentication: (body, { exchange, user }) =>
    exchange.accounts.submitIdentity(user.user_id, body),
  getDocumentType: (_body, { exchange, language }) => exchange.content.documentTypes(language),
};
