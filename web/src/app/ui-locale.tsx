import { $language } from '#shared/i18n';
import type { Language } from '@bourse/protocol';
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import type { ConfigProviderProps } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import { useUnit } from 'effector-react';
import { useEffect, useState, type ReactNode } from 'react';

type UiLocale = NonNullable<ConfigProviderProps['locale']>;

/** antd-mobile's own texts (picker buttons, clear labels…) in the app language, each lazily. */
const UI_LOCALES: Readonly<Record<Language, () => Promise<{ default: UiLocale }>>> = {
  en: () => Promise.resolve({ default: enUS }),
  zh: () => import('antd-mobile/es/locales/zh-TW'),
  es: () => import('antd-mobile/es/locales/es-ES'),
  pt: () => import('antd-mobile/es/locales/pt-BR'),
  de: () => import('antd-mobile/es/locales/de-DE'),
  fr: () => import('antd-mobile/es/locales/fr-FR'),
  jp: () => import('antd-mobile/es/locales/ja-JP'),
  it: () => import('antd-mobile/es/locales/it-IT'),
};

export function UiLocale({ children }: { children: ReactNode }) {
  const language = useUnit($language);
  const [locale, setLocale] = useState<UiLocale>(enUS);
  useEffect(() => {
    let current = true;
    void UI_LOCALES[language]().then((module) => {
      if (current) setLocale(module.default);
    });
    return () => {
      current = false;
    };
  }, [language]);
  return <ConfigProvider locale={locale}>{children}</ConfigProvider>;
}
