import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { preloadLanding } from './build/preload-landing.ts';
import { splashMark } from './build/splash-mark.ts';

// In development (`npm run dev`) the mock serves the API and socket, and Vite proxies to it.
const mock = process.env['MOCK_URL'] ?? 'http://127.0.0.1:8080';
const devPort = Number(process.env['WEB_PORT'] ?? 5173);

/**
 * zod without `new Function`: the server's CSP has no 'unsafe-eval', and zod's probe for it is
 * reported as a violation even though zod catches the throw. `z.config({ jitless: true })` in our
 * own code would come too late: the build runs each chunk's imports before its body, so the
 * protocol's schemas are made first. So the setting goes where zod's config is born, and the build
 * fails if a zod upgrade moves that module.
 */
function zodWithoutEval(): Plugin {
  const home = /[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/;
  let seen = false;
  return {
    name: 'bourse:zod-without-eval',
    apply: 'build',
    transform(code, id) {
      if (!home.test(id)) return null;
      seen = true;
      return { code: `${code}\nconfig({ jitless: true });\n`, map: null };
    },
    buildEnd() {
      if (!seen) this.error('zod/v4/core/core.js was not bundled: set zod jitless another way');
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    zodWithoutEval(),
    splashMark(new URL('./public/favicon.svg', import.meta.url)),
    // The landing screen's code and the fallback texts, fetched with the entry, not after it.
    preloadLanding(['src/pages/login/index.ts', 'src/shared/i18n/locales/en.json']),
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
      treeshake: {
        // A slice's components are only code to call: one that nothing renders is dropped with
        // what it imports, even when it sits in a public index beside one that is rendered (the
        // header's account link would otherwise bring the identity tag and antd's Tag to every
        // screen). Models, libs and shared code keep the default analysis: an Effector model is
        // wired when it is imported.
        moduleSideEffects: (id) =>
          /[\\/]src[\\/](entities|features|widgets|pages)[\\/].+[\\/]ui[\\/][^\\/]+\.tsx$/.test(id)
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
      '/__control': mock,
      '/ws': { target: mock.replace(/^http/, 'ws'), ws: true },
    },
  },
});
