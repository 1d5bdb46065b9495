import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { preloadLanding } from './build/preload-landing.ts';

// In development the mock serves the API and socket; `npm run dev -w @bourse/web` proxies to it.
const mock = process.env['MOCK_URL'] ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    react(),
    // The landing screen's code and the fallback texts, fetched with the entry, not after it.
    preloadLanding(['src/pages/login/index.ts', 'src/shared/i18n/locales/en.json']),
  ],
  build: {
    target: 'es2022',
    sourcemap: true,
    // The report the login-route budget is read from.
    manifest: true,
  },
  server: {
    host: true,
    proxy: {
      '/api': mock,
      '/static': mock,
      '/__control': mock,
      '/ws': { target: mock.replace(/^http/, 'ws'), ws: true },
    },
  },
});
