import { DEFAULT_LANGUAGE } from '@bourse/protocol';
import type { DomainHandlers } from './handlers.ts';

/** /api/index/*: the platform's content, from fixtures, in the caller's language. */
export const contentHandlers: DomainHandlers<'index'> = {
  // the default language is the wire's (the `msg` language when a call names none)
  getLang: (_body, { exchange }) => ({
    default: DEFAULT_LANGUAGE,
    ...exchange.content.languages(),
  }),
  getPhoneCode: (_body, { exchange }) => exchange.content.phoneCodes(),
  bannerList: (_body, { exchange, language }) => exchange.content.banners(language),
  noticeList: (body, { exchange, language }) =>
    exchange.content.notices(language, body.page, body.limit),
  noticeDetail: (body, { exchange, language }) => exchange.content.notice(language, body.id),
  getCustomer: (_body, { exchange, language }) => exchange.content.channels(language),
  getCustomerList: (_body, { exchange, language }) => exchange.content.help(language),
  getWalletList: (_body, { exchange }) => exchange.content.wallets(),
  getConfigList: (_body, { exchange, language }) => exchange.content.policies(language),
  getConfigDetail: (body, { exchange, language }) => exchange.content.policy(language, body.key),
  getConfig: (_body, { exchange }) => exchange.content.config(),
  getSymbolList: (body, { exchange }) => exchange.content.symbols(body.category),
};
