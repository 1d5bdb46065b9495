/**
 * Speaks the wire exactly as PROTOCOL.md describes it, with node:crypto and fetch only (none of
 * the project's own codecs or clients), and checks that a server answers what PROTOCOL.md
 * promises. Point it at the mock or at a real backend:
 *
 *   npm run smoke                      # the mock on http://127.0.0.1:8080
 *   API_BASE=https://api.example.com PAYLOAD_KEY=... PAYLOAD_IV=... npm run smoke
 */
import { createDecipheriv, createHash, randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';

export interface SmokeOptions {
  baseUrl: string;
  key: string;
  iv: string;
  defaultToken: string;
  /** an account to sign in with (the mock's verified-trader scenario by default) */
  account: string;
  password: string;
}

export interface SmokeCheck {
  name: string;
  ok: boolean;
  detail: string;
}

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

function decrypt(payload: string, key: string, iv: string): unknown {
  const keyBytes = Buffer.from(key, 'utf8');
  const decipher = createDecipheriv(
    `aes-${keyBytes.length * 8}-cbc`,
    keyBytes,
    Buffer.from(iv, 'utf8'),
  );
  return JSON.parse(
    Buffer.concat([decipher.update(payload, 'base64'), decipher.final()]).toString('utf8'),
  );
}

interface Envelope {
  http: number;
  code: number;
  msg: string;
  data: unknown;
}

export async function runSmoke(options: SmokeOptions): Promise<SmokeCheck[]> {
  const uuid = randomUUID();
  const post = async (
    path: string,
    fields: Record<string, unknown>,
    sign: { token?: string; time?: number; secondHalf?: string } = {},
  ): Promise<Envelope> => {
    const time = sign.time ?? Date.now();
    const first = md5(sign.token ?? options.defaultToken);
    const second = sign.secondHalf ?? md5(String(time) + uuid);
    const response = await fetch(`${options.baseUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'accept-language': 'en',
        uuid,
        token: first + second,
      },
      body: JSON.stringify({ ...fields, time }),
    });
    const body = (await response.json()) as { code: number; msg: string; data: unknown };
    const data =
      typeof body.data === 'string' ? decrypt(body.data, options.key, options.iv) : body.data;
    return { http: response.status, code: body.code, msg: body.msg, data };
  };

  const checks: SmokeCheck[] = [];
  const check = async (name: string, run: () => Promise<[boolean, string]>) => {
    try {
      const [ok, detail] = await run();
      checks.push({ name, ok, detail });
    } catch (error) {
      checks.push({
        name,
        ok: false,
        detail: error instanceof Error ? error.message : String(error),
      });
    }
  };

  await check('a guest call answers HTTP 200, code 200, data decrypted with the key', async () => {
    const reply = await post('/api/index/getConfig', {});
    return [
      reply.http === 200 && reply.code === 200 && typeof reply.data === 'object',
      JSON.stringify(reply.data).slice(0, 80),
    ];
  });
  let token = '';
  await check('login answers a session token', async () => {
    const reply = await post('/api/login/index', {
      account: options.account,
      password: options.password,
    });
    token = (reply.data as { token?: string } | null)?.token ?? '';
    return [reply.code === 200 && token.length > 0, `code ${reply.code}`];
  });
  await check('a call signed with that token is the user', async () => {
    const reply = await post('/api/users/info', {}, { token });
    return [
      reply.code === 200 && (reply.data as { email?: string }).email === options.account,
      `code ${reply.code}`,
    ];
  });
  await check('a call that needs a user, signed as a guest, gets 401', async () => {
    const reply = await post('/api/users/info', {});
    return [reply.code === 401, `code ${reply.code} ${reply.msg}`];
  });
  await check('a time six minutes old gets 403', async () => {
    const reply = await post('/api/index/getConfig', {}, { time: Date.now() - 360_000 });
    return [reply.code === 403, `code ${reply.code} ${reply.msg}`];
  });
  await check('a wrong signature gets 403', async () => {
    const reply = await post('/api/index/getConfig', {}, { secondHalf: md5('forged') });
    return [reply.code === 403, `code ${reply.code} ${reply.msg}`];
  });
  await check('a bad field gets 400 naming the field', async () => {
    const reply = await post('/api/index/noticeDetail', { id: 42 });
    return [reply.code === 400 && reply.msg.includes('id'), `code ${reply.code} ${reply.msg}`];
  });
  await check('an unknown path gets a 404 envelope over HTTP 200', async () => {
    const reply = await post('/api/no/such/path', {});
    return [reply.http === 200 && reply.code === 404, `HTTP ${reply.http} code ${reply.code}`];
  });
  await check('logout ends the session', async () => {
    await post('/api/users/logout', {}, { token });
    const reply = await post('/api/users/info', {}, { token });
    return [reply.code === 401, `code ${reply.code}`];
  });
  return checks;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const env = process.env;
  const checks = await runSmoke({
    baseUrl: env['API_BASE'] ?? 'http://127.0.0.1:8080',
    key: env['PAYLOAD_KEY'] ?? 'BourseWireKey128',
    iv: env['PAYLOAD_IV'] ?? 'BourseWireIv0016',
    defaultToken: env['DEFAULT_TOKEN'] ?? 'bourse-guest-v1',
    account: env['SMOKE_ACCOUNT'] ?? 'verified.trader@example.com',
    password: env['SMOKE_PASSWORD'] ?? 'Verified2026',
  });
  for (const item of checks)
    console.log(`${item.ok ? 'ok  ' : 'FAIL'} ${item.name} — ${item.detail}`);
  const failed = checks.filter((item) => !item.ok).length;
  console.log(`${checks.length - failed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}
