import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

// In development the mock serves the API and socket; `npm run dev` proxies to it.
const mock = process.env['MOCK_URL'] ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    react(),
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
