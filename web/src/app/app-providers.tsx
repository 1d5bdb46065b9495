import type { Scope } from 'effector';
import { Provider } from 'effector-react';
import type { i18n } from 'i18next';
import { StrictMode, useEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { UiLocale } from './ui-locale.tsx';

/**
 * What wraps the router, in the browser and in the build's prerendering alike: a prerendered
 * screen hydrates only if both draw the same tree.
 */
export function AppProviders({
  scope,
  i18n,
  onMounted,
  children,
}: {
  scope: Scope;
  i18n: i18n;
  /** called once the tree is in the page (a prerendered screen hydrated); never on a server */
  onMounted?: () => void;
  children: ReactNode;
}) {
  useEffect(() => {
    onMounted?.();
  }, [onMounted]);
  return (
    <StrictMode>
      <Provider value={scope}>
        <I18nextProvider i18n={i18n}>
          <UiLocale>{children}</UiLocale>
        </I18nextProvider>
      </Provider>
    </StrictMode>
  );
}
