import { buildApp } from './app.ts';
import { readEnvironment } from './config.ts';

// Reads the environment, builds the app, listens, and closes gracefully on a signal.
const env = readEnvironment(process.env);
const app = await buildApp({
  wire: {
    cipher: { mode: env.CIPHER_MODE, key: env.PAYLOAD_KEY, iv: env.PAYLOAD_IV },
    defaultToken: env.DEFAULT_TOKEN,
  },
  headers: { language: env.HEADER_LANGUAGE, uuid: env.HEADER_UUID, token: env.HEADER_TOKEN },
  encrypt: env.ENCRYPT,
  dataDir: env.DATA_DIR === '' ? null : env.DATA_DIR,
  seed: env.SEED,
  scenario: env.SCENARIO,
  ...(env.RECORDINGS_DIR === '' ? {} : { recordingsDir: env.RECORDINGS_DIR }),
  control: env.CONTROL,
  controlToken: env.CONTROL_TOKEN === '' ? null : env.CONTROL_TOKEN,
  allowedOrigins: env.ALLOWED_ORIGINS,
  logger: { level: env.LOG_LEVEL },
  webDir: env.WEB_DIR === '' ? null : env.WEB_DIR,
  marketTickMs: env.MARKET_TICK_MS,
  trustProxy: env.TRUST_PROXY,
  depositAccountDelayMs: env.DEPOSIT_WAIT_MS,
  autoReviewMs: env.REVIEW_DELAY_MS,
});

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'closing');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'close failed');
        process.exit(1);
      },
    );
  });
}

await app.listen({ port: env.PORT, host: env.HOST });
