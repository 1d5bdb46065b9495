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
  controlLan: env.CONTROL_LAN,
  // No mail leaves the mock: whoever ran it reads a new user's code here (a phone on the LAN
  // cannot reach the control API's mailbox).
  onMail: (mail) => {
    const what = mail.code === '' ? mail.subject : `code ${mail.code}`;
    process.stdout.write(`[mail] to ${mail.to} (${mail.purpose}): ${what}\n`);
  },
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

if (env.CONTROL && env.CONTROL_LAN && env.CONTROL_TOKEN === '') {
  app.log.warn(
    'CONTROL_LAN=on: anyone on this network can read every e-mail code, reset the state and approve deposits through /__control; set CONTROL_TOKEN instead to require a token',
  );
}

await app.listen({ port: env.PORT, host: env.HOST });
