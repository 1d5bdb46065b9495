import {
  ANNOUNCEMENTS,
  bannerImagePath,
  BANNERS,
  CURRENCIES,
  CUSTOMER_CHANNELS,
  daysBefore,
  DOCUMENT_TYPES,
  HELP_CATEGORIES,
  HELP_ENTRIES,
  LANGUAGE_LIST,
  localize,
  PHONE_CODES,
  PLATFORM_CONFIG,
  policyByKey,
  POLICIES,
  SUPPORT_AGENTS,
  SYMBOLS,
  WALLET_NETWORKS,
} from '@bourse/fixtures';
import type { ConfigKey, Language, SymbolCategory } from '@bourse/protocol';
import { EngineError } from './errors.ts';

/**
 * The platform's content, from fixtures, in the caller's language. Ages in the fixtures are
 * turned into times against the simulated clock, so the lists always look recent.
 */
export class Content {
  constructor(private readonly now: () => number) {}

  /** The languages the platform writes in (which one is the default is the wire's to say). */
  languages() {
    return { list: [...LANGUAGE_LIST] };
  }

  phoneCodes() {
    return { list: PHONE_CODES.map((entry) => ({ ...entry })) };
  }

  banners(language: Language) {
    return {
      list: BANNERS.map((banner) => ({
        id: banner.id,
        title: banner.title[language],
        image: bannerImagePath(banner.image, language),
        link: banner.link,
      })),
    };
  }

  notices(language: Language, page: number, limit: number) {
    const sorted = [...ANNOUNCEMENTS].sort(
      (a, b) => Number(b.pinned) - Number(a.pinned) || a.days_ago - b.days_ago,
    );
    const now = this.now();
    return {
      list: sorted.slice((page - 1) * limit, page * limit).map((notice) => ({
        id: notice.id,
        title: notice.title[language],
        summary: notice.summary[language],
        pinned: notice.pinned,
        created_at: daysBefore(now, notice.days_ago),
      })),
      total: sorted.length,
      page,
      limit,
    };
  }

  notice(language: Language, id: string) {
    const notice = ANNOUNCEMENTS.find((entry) => entry.id === id);
    if (!notice) throw new EngineError('not_found', 'notice_not_found');
    return {
      id: notice.id,
      title: notice.title[language],
      content: localize(notice.content, language),
      created_at: daysBefore(this.now(), notice.days_ago),
    };
  }

  channels(language: Language) {
    return {
      list: CUSTOMER_CHANNELS.map((channel) => ({
        ...channel,
        name: channel.name[language],
        hours: channel.hours[language],
      })),
    };
  }

  help(language: Language) {
    const now = this.now();
    return {
      list: HELP_ENTRIES.map((entry) => ({
        id: entry.id,
        category: HELP_CATEGORIES[entry.category][language],
        title: entry.title[language],
        content: localize(entry.content, language),
        created_at: daysBefore(now, entry.days_ago),
      })),
    };
  }

  wallets() {
    return { list: WALLET_NETWORKS.map((wallet) => ({ ...wallet })) };
  }

  policies(language: Language) {
    return { list: POLICIES.map((policy) => ({ key: policy.key, title: policy.title[language] })) };
  }

  policy(language: Language, key: ConfigKey) {
    const policy = policyByKey(key);
    if (!policy) throw new EngineError('not_found', 'config_not_found');
    return {
      key: policy.key,
      title: policy.title[language],
      content: localize(policy.content, language),
      updated_at: daysBefore(this.now(), policy.updated_days_ago),
    };
  }

  config() {
    return { ...PLATFORM_CONFIG };
  }

  symbols(category?: SymbolCategory) {
    return {
      list: SYMBOLS.filter((entry) => category === undefined || entry.category === category).map(
        (entry) => ({ ...entry }),
      ),
    };
  }

  currencies(language: Language) {
    return { list: CURRENCIES.map((currency) => ({ ...currency, name: currency.name[language] })) };
  }

  documentTypes(language: Language) {
    return { list: DOCUMENT_TYPES.map((type) => ({ ...type, name: type.name[language] })) };
  }

  agents(_language: Language) {
    return { list: SUPPORT_AGENTS.map((agent) => ({ ...agent })) };
  }
}
