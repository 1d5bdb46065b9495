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
import { appStarted, pageHidden, whenIdle, yieldToBrowser } from '#shared/lib';
import { navigatorAttached } from '#shared/routing';
import { browserOffline, browserOnline, pageVisible } from '#shared/socket';
import { $isLoggedIn } from '#shared/session';
import { storageKey } from '#shared/storage';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { allSettled, fork, scopeBind } from 'effector';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './app-providers.tsx';
import { socketConfigured } from './model.ts';
import { adoptPrerenderedStyles } from './prerendered-styles.ts';
import { createAppRouter } from './router.tsx';
import { firstPageAt, preloadPageAt } from './routes.tsx';

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

/** Resolves once the router has the first route's code (its lazy route has loaded, or failed). */
function routerReady(router: ReturnType<typeof createAppRouter>): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * A prerendered screen the app drew otherwise (React then draws that part anew): named in the
 * console, where the hydration test looks for it, and reported as React would.
 */
function reportHydrationError(error: unknown): void {
  console.error('hydration:', error);
  reportError(error);
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
  // The start's three steps are each its own task, so none holds a tap or a frame for long: at 4×
  // CPU (a mid-range phone) what storage kept takes 55 ms, the texts 20 and the router 30.
  await yieldToBrowser();
  // What storage kept is in; with nothing kept (a first start), the browser's language is taken
  // (and kept, as a choice would be). The same language again changes nothing.
  await allSettled(languageChanged, { scope, params: language });
  const i18n = await createI18n(scope.getState($language), await firstTexts);
  await allSettled(i18nReady, { scope, params: i18n });
  await yieldToBrowser();

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
  // The first route's code and texts are in before anything is drawn: a prerendered screen is
  // hydrated as it is, and index.html's splash stays until the page can replace it.
  await routerReady(router);
  // A prerendered screen is inert until hydrated (web/build/prerender-pages.ts): nothing typed or
  // pressed before the app can take it is lost.
  // The live feed opens then too: a push that came before would change what the app draws
  // first (a price, a balance) from what the build drew, and hydration would throw it away.
  const socketUrl = absoluteSocketUrl(config.wsUrl, window.location);
  const interactive = () => {
    adoptPrerenderedStyles(container);
    container.removeAttribute('inert');
    void allSettled(socketConfigured, { scope, params: socketUrl });
  };
  const app = (
    <AppProviders scope={scope} i18n={i18n} onMounted={interactive}>
      <RouterProvider router={router} />
    </AppProviders>
  );
  // The server sent the screen for this viewer (a guest, or a signed-in user before their data)
  // in the reader's language (web/build/prerender-pages.ts), as its address without a query
  // draws it: hydrated when the app draws the same at that address (a script may have moved it
  // in the frames before the app's code came), drawn anew
  // (which replaces the markup) otherwise. Hydration keeps the server's attributes as they are,
  // so a screen a query changes (IPO's ?tab=listed) is never hydrated.
  const viewer = scope.getState($isLoggedIn) ? 'user' : 'guest';
  if (
    container.dataset['prerendered'] === scope.getState($language) &&
    container.dataset['viewer'] === viewer &&
    container.dataset['path'] === window.location.pathname &&
    window.location.search === ''
  ) {
    // In a transition, React hydrates in slices of a few milliseconds and yields to the browser
    // between them (a root hydrated outside one is a single task: 250 ms on a slow phone), as
    // React Router's and Next.js's own client entries do.
    startTransition(() => {
      hydrateRoot(container, app, { onRecoverableError: reportHydrationError });
    });
  } else {
    container.removeAttribute('inert');
    createRoot(container).render(app);
  }

  // The API client and its cipher, once the first screen is drawn and the phone is idle, so the
  // first call does not wait for them.
  whenIdle(preloadApiClient);
}

void start();
