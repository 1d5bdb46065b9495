import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { fileURLToPath } from 'node:url';
import { codeSplitting } from './build/chunks.ts';
import { zodWithoutEval } from './build/zod-without-eval.ts';
import { preloadRoute } from './build/preload-route.ts';
import { splashMark } from './build/splash-mark.ts';
import { PACK_MARK, packModuleId, readLocales, textsByRoute } from './build/texts.ts';
import { ROUTE_TABLE } from './src/app/route-table.ts';
import { namespaceOf, SHELL_NAMESPACE, SHELL_TEXTS } from './src/shared/i18n/groups.ts';
import { LANDING_PATH } from './src/shared/routing/landing.ts';
import { PATHS } from './src/shared/routing/paths.ts';
import { CLIENT_DEFAULTS, storageKey } from './src/shared/storage/keys.ts';

// In development (`npm run dev`) the mock serves the API and socket, and Vite proxies to it.
const mock = process.env['MOCK_URL'] ?? 'http://127.0.0.1:8080';
const devPort = Number(process.env['WEB_PORT'] ?? 5173);

/** The language files, one per language, that the build splits into chunks by route. */
const LOCALES_DIR = fileURLToPath(new URL('./src/shared/i18n/locales/', import.meta.url));

/** The texts split by top-level key (`web/build/texts.ts`); each page's groups for the report. */
function textsSplit(): Parameters<typeof textsByRoute>[0] {
  const pages: Record<string, string[]> = {};
  for (const route of ROUTE_TABLE) {
    const namespaces = (pages[route.page] ??= []);
    for (const group of route.texts.map(namespaceOf))
      if (!namespaces.includes(group)) namespaces.push(group);
  }
  const keys: Record<string, { module: string; keys: string[] }> = {};
  for (const route of ROUTE_TABLE) {
    const page = (keys[route.page] ??= { module: `src/pages/${route.page}/index.ts`, keys: [] });
    page.keys.push(...route.texts);
  }
  return {
    dir: LOCALES_DIR,
    fallbackLanguage: CLIENT_DEFAULTS.language,
    shell: SHELL_NAMESPACE,
    namespaceOf,
    pages: { ...pages, 'not-found': [] },
    // A page whose code names texts its routes do not declare fails the build.
    check: {
      pages: { ...keys, 'not-found': { module: 'src/pages/not-found/index.ts', keys: [] } },
      shellKeys: [...SHELL_TEXTS],
    },
  };
}

/** What index.html's preload script knows: every registered route's page, the texts, the keys. */
function routePreloads(): Parameters<typeof preloadRoute>[0] {
  const pageModule = (page: string) => `src/pages/${page}/index.ts`;
  const pageAt = (path: string) => {
    const route = ROUTE_TABLE.find((entry) => PATHS[entry.path] === path);
    if (route === undefined) throw new Error(`${path} is not a registered route`);
    return pageModule(route.page);
  };
  const texts = {
    languages: Object.keys(readLocales(LOCALES_DIR)),
    module: packModuleId,
    packName: (page: string) => `${PACK_MARK}${page}`,
  };
  return {
    routes: ROUTE_TABLE.map((route) => ({
      path: PATHS[route.path],
      module: pageModule(route.page),
      auth: 'auth' in route,
      guestOnly: 'guestOnly' in route,
    })),
    login: pageAt(PATHS.login),
    landing: pageAt(LANDING_PATH),
    texts,
    notFound: 'not-found',
    defaultLanguage: CLIENT_DEFAULTS.language,
    // A signed-in start asks who the user is at once, and most of its pages open the feed.
    signedIn: ['src/shared/api/client-code.ts', 'src/shared/socket/frames.ts'],
    storage: { isLogin: storageKey('isLogin'), language: storageKey('language') },
  };
}

/**
 * The prerendering's server build (`build/build-app.ts` runs it with `build.ssr` set): the app's
 * own modules for Node, everything bundled in (antd-mobile's modules import their CSS, which Node
 * cannot), its CSS modules named as in the browser's build.
 */
const SSR_BUILD = {
  plugins: [react(), zodWithoutEval(), textsByRoute(textsSplit())],
  ssr: { noExternal: true, target: 'node' },
  build: {
    target: 'node22',
    sourcemap: false,
    minify: false,
    copyPublicDir: false,
  },
} as const satisfies UserConfig;

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild === true
    ? SSR_BUILD
    : {
        plugins: [
          react(),
          zodWithoutEval(),
          splashMark(new URL('./public/favicon.svg', import.meta.url)),
          // One text file per language, split into a chunk per language and group of texts.
          textsByRoute(textsSplit()),
          // The code of the page a visit opens and its texts, fetched with the entry, not after it.
          preloadRoute(routePreloads()),
          // Brotli and gzip files beside each text asset, so the server sends them as they are
          // (@fastify/static preCompressed) instead of compressing on every request. config.json is
          // left out: it is edited after the build to point one build at a backend, and a stale .br
          // beside it would win.
          compression({
            algorithms: ['brotliCompress', 'gzip'],
            include: /\.(html|css|js|mjs|json|svg)$/,
            exclude: [/(^|[\\/])config\.json$/, /(^|[\\/])\.vite[\\/]/],
            threshold: 1024,
            logLevel: 'silent',
          }),
        ],
        build: {
          target: 'es2022',
          sourcemap: true,
          // The report the login-route budget is read from.
          manifest: true,
          rolldownOptions: {
            output: { codeSplitting },
            treeshake: {
              // A slice's ui and lib segments are only code to call (components, hooks, pure helpers):
              // one that nothing uses is dropped with what it imports, even when it sits in the
              // slice's public index beside one that is used. So every layer, the app's shell included,
              // imports a slice through its index alone: the header's account link does not bring the
              // identity tag and antd's Tag to every screen, the tab bar's selected symbol does not
              // bring the market's views and decimal.js into the entry, and the history page does not
              // load the detail forms' frame. Models and shared code keep the default analysis: an
              // Effector model is wired when it is imported.
              moduleSideEffects: (id) =>
                /[\\/]src[\\/](entities|features|widgets|pages)[\\/].+[\\/](ui|lib)[\\/][^\\/]+\.tsx?$/.test(
                  id,
                )
                  ? false
                  : undefined,
            },
          },
        },
        server: {
          host: true,
          port: devPort,
          strictPort: true,
          proxy: {
            '/api': mock,
            '/static': mock,
            // deposit proof images the mock keeps (an <img> on the deposit records)
            '/uploads': mock,
            '/__control': mock,
            '/ws': { target: mock.replace(/^http/, 'ws'), ws: true },
          },
        },
      },
);
