/**
 * `npm run record -- --url <backend> [--name <set>] [--port <port>] [backend options]`: runs the
 * recorder (recorder.ts) in front of the backend until stopped (Ctrl-C). The client side
 * speaks the mock's wire, set by the mock's own variables (PAYLOAD_KEY, PAYLOAD_IV,
 * CIPHER_MODE, DEFAULT_TOKEN, HEADER_*, ENCRYPT); the backend's are given as options.
 */
import { parseArgs } from 'node:util';
import { CIPHER_MODES, HEADERS, type CipherMode } from '@bourse/protocol';
import { RECORDINGS_DIR } from '@bourse/fixtures/recorded';
import { readEnvironment } from '../config.ts';
import { buildRecorder } from './recorder.ts';

const USAGE = `usage: npm run record -- --url <backend> [--name <set>] [--port <port>] [--host <address>]
  [--key <backend's payload key>] [--iv <iv>] [--mode ${CIPHER_MODES.join('|')}]
  [--default-token <backend's guest token>] [--header-uuid <name>] [--header-token <name>]
  [--header-language <name>]`;

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    name: { type: 'string', default: 'session' },
    port: { type: 'string' },
    host: { type: 'string' },
    key: { type: 'string' },
    iv: { type: 'string' },
    mode: { type: 'string' },
    'default-token': { type: 'string' },
    'header-uuid': { type: 'string' },
    'header-token': { type: 'string' },
    'header-language': { type: 'string' },
  },
});
if (values.url === undefined) {
  console.error(`--url is required\n${USAGE}`);
  process.exit(2);
}
const mode = (values.mode ?? 'CBC').toUpperCase();
if (!(CIPHER_MODES as readonly string[]).includes(mode)) {
  console.error(`--mode must be one of ${CIPHER_MODES.join(', ')}\n${USAGE}`);
  process.exit(2);
}

const env = readEnvironment(process.env);
const dir = env.RECORDINGS_DIR === '' ? RECORDINGS_DIR : env.RECORDINGS_DIR;
const recorder = buildRecorder({
  upstream: values.url,
  upstreamWire: {
    cipher: {
      mode: mode as CipherMode,
      key: values.key ?? env.PAYLOAD_KEY,
      iv: values.iv ?? env.PAYLOAD_IV,
    },
    defaultToken: values['default-token'] ?? env.DEFAULT_TOKEN,
  },
  upstreamHeaders: {
    uuid: values['header-uuid'] ?? HEADERS.uuid,
    token: values['header-token'] ?? HEADERS.token,
    language: values['header-language'] ?? HEADERS.language,
  },
  wire: {
    cipher: { mode: env.CIPHER_MODE, key: env.PAYLOAD_KEY, iv: env.PAYLOAD_IV },
    defaultToken: env.DEFAULT_TOKEN,
  },
  headers: { language: env.HEADER_LANGUAGE, uuid: env.HEADER_UUID, token: env.HEADER_TOKEN },
  encrypt: env.ENCRYPT,
  name: values.name,
  dir,
  logger: { level: env.LOG_LEVEL },
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void recorder.app.close().then(() => {
      console.log(`${String(recorder.count())} calls recorded in ${recorder.file}`);
      process.exit(0);
    });
  });
}

const address = await recorder.app.listen({
  port: values.port === undefined ? env.PORT : Number(values.port),
  host: values.host ?? env.HOST,
});
console.log(`Recording calls to ${values.url} as "${values.name}" (${recorder.file}).`);
console.log(`Point the app or any client at ${address}; Ctrl-C stops.`);
console.log(`Then SCENARIO=recorded:${values.name} npm run mock serves them offline.`);
