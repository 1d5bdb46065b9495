// antd-mobile's base variables and resets, once (its components are imported one by one).
import 'antd-mobile/es/global';
import './styles/global.css';
// The saved theme applies from the first paint, whichever page opens first.
import '#shared/theme';
import { $apiClient, createBrowserApiClient, preloadApiClient } from '#shared/api';
import {
  $apiBase,
  $companyPlace,
  absoluteSocketUrl,
  loadRuntimeConfig,
  wireSettingsOf,
} from '#shared/config';
import {
  $language,
  createI18n,
  i18nReady,
  languageChanged,
  loadFirstTexts,
  loadTextGroups,
  savedLanguage,
} from '#shared/i18n';
import { appStarted, pageHidden, whenIdle } from '#shared/lib';
import { navigatorAttached } from '#shared/routing';
import { browserOffline, browserOnline, pageVisible } from '#shared/socket';
import { storageKey } from '#shared/storage';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { allSettled, fork, scopeBind } from 'effector';
import { Provider } from 'effector-react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { socketConfigured } from './model.ts';
import { createAppRouter } from './router.tsx';
import { firstPageAt, preloadPageAt } from './routes.tsx';
import { UiLocale } from './ui-locale.tsx';

// antd-mobile's imperative Toast and Dialog render through this under React 19 (its documented
// adapter until antd-mobile 6, hence the deprecation mark).
// eslint-disable-next-line @typescript-eslint/no-deprecated
unstableSetRender((node, container) => {
  const root = createRoot(container);
  root.render(node);
  return async () => {
    await Promise.resolve();
    root.unmount();
  };
});

/** Whether this device keeps a session (SPEC.md §3's login flag), read before the app's scope is. */
function keptSignedIn(): boolean {
  try {
    return JSON.parse(localStorage.getItem(storageKey('isLogin')) ?? 'null') === true;
  } catch {
    return false;
  }
}

async function start() {
  // Three fetches at once rather than one after another: the config (index.html preloads it),
  // the page's code and its texts (the shell's and the page's groups, one file). Each is only
  // started here; the steps below use them in order.
  const configLoaded = loadRuntimeConfig();
  preloadPageAt(window.location.pathname);
  // Nothing kept yet (a first start): the browser's language, when the app has it.
  const language = savedLanguage();
  const firstTexts = loadFirstTexts(
    language,
    firstPageAt(window.location.pathname, keptSignedIn()),
  );

  const config = await configLoaded;
  const scope = fork({
    values: [
      [$apiBase, config.apiBase],
      [$companyPlace, config.company],
      [
        $apiClient,
        createBrowserApiClient({
          baseUrl: config.apiBase,
          wire: wireSettingsOf(config),
          headers: config.headers,
        }),
      ],
    ],
  });
  await allSettled(appStarted, { scope });
  // What storage kept is in; with nothing kept (a first start), the browser's language is taken
  // (and kept, as a choice would be). The same language again changes nothing.
  await allSettled(languageChanged, { scope, params: language });
  const i18n = await createI18n(scope.getState($language), await firstTexts);
  await allSettled(i18nReady, { scope, params: i18n });
  await allSettled(socketConfigured, {
    scope,
    params: absoluteSocketUrl(config.wsUrl, window.location),
  });

  // The feed retries at once when the phone comes back online; while it is offline, the live
  // numbers say so and the actions that need the server are off.
  const online = scopeBind(browserOnline, { scope });
  window.addEventListener('online', () => {
    online();
  });
  const offline = scopeBind(browserOffline, { scope });
  window.addEventListener('offline', () => {
    offline();
  });
  if (!navigator.onLine) offline();
  // What is kept locally but written lazily (the 24h market data) is written before the page
  // may stop running: a phone may discard a hidden tab without unload events.
  // Shown again, the feed that dropped while hidden retries at once, not after its 3 s.
  const hidden = scopeBind(pageHidden, { scope });
  const visible = scopeBind(pageVisible, { scope });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') hidden();
    else visible();
  });
  window.addEventListener('pagehide', () => {
    hidden();
  });

  const router = createAppRouter(i18n.t('common.loading'), (groups) =>
    loadTextGroups(i18n, groups),
  );
  await allSettled(navigatorAttached, {
    scope,
    params: { navigate: (to, options) => router.navigate(to, options) },
  });

  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <Provider value={scope}>
        <I18nextProvider i18n={i18n}>
          <UiLocale>
            <RouterProvider router={router} />
          </UiLocale>
        </I18nextProvider>
      </Provider>
    </StrictMode>,
  );

  // The API client and its cipher, once the first screen is drawn and the phone is idle, so the
  // first call does not wait for them.
  whenIdle(preloadApiClient);
}

void start();
