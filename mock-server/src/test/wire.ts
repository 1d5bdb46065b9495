/**
 * Test helpers that speak the wire the way PROTOCOL.md describes it, with node:crypto directly
 * (not the project's codecs), so a bug in a codec cannot hide itself.
 */
import { createDecipheriv, createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../app.ts';

export const KEY = 'BourseWireKey128';
export const IV = 'BourseWireIv0016';
export const GUEST_TOKEN = 'bourse-guest-v1';
export const UUID = '9b2c4e6f-1a2b-4c3d-8e9f-0a1b2c3d4e5f';

export const md5 = (text: string): string => createHash('md5').update(text, 'utf8').digest('hex');

export function decrypt(payload: string, key = KEY, iv = IV): unknown {
  const decipher = createDecipheriv(`aes-${key.length * 8}-cbc`, Buffer.from(key), Buffer.from(iv));
  const text = Buffer.concat([decipher.update(payload, 'base64'), decipher.final()]).toString(
    'utf8',
  );
  return JSON.parse(text);
}

export interface Reply<T = unknown> {
  http: number;
  code: number;
  msg: string;
  data: T;
  raw: unknown;
}

export interface CallOptions {
  token?: string | null;
  uuid?: string;
  time?: number;
  language?: string;
  headers?: Record<string, string>;
}

/** A signed POST as a client would send it; encrypted `data` comes back decrypted. */
export async function call<T = Record<string, unknown>>(
  app: FastifyInstance,
  path: string,
  body: Record<string, unknown> = {},
  options: CallOptions = {},
): Promise<Reply<T>> {
  const time = options.time ?? Date.now();
  const uuid = options.uuid ?? UUID;
  const token = md5(options.token ?? GUEST_TOKEN) + md5(String(time) + uuid);
  const response = await app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/json',
      'accept-language': options.language ?? 'en',
      uuid,
      token,
      ...options.headers,
    },
    payload: JSON.stringify({ ...body, time }),
  });
  const envelope = response.json<{ code: number; msg: string; data: unknown }>();
  const data = typeof envelope.data === 'string' ? decrypt(envelope.data) : envelope.data;
  return {
    http: response.statusCode,
    code: envelope.code,
    msg: envelope.msg,
    data: data as T,
    raw: envelope,
  };
}

/** A fresh in-memory mock on the `empty` scenario, with cheap password hashing. */
export async function testApp(options: AppOptions = {}): Promise<FastifyInstance> {
  const app = await buildApp({
    dataDir: null,
    scenario: 'empty',
    passwordCost: 1024,
    // the live market pushes only when a test turns it on
    marketTickMs: 0,
    ...options,
  });
  await app.ready();
  return app;
}

export const PASSWORD = 'Secret123';

/** Registers a user through the real calls, reading the code from the mailbox. */
export async function registerUser(
  app: FastifyInstance,
  email: string,
  extra: Record<string, unknown> = {},
): Promise<{ token: string; user: Record<string, unknown> }> {
  const sent = await call(app, '/api/login/sendEmail', { email, purpose: 'register' });
  if (sent.code !== 200) throw new Error(`sendEmail: ${sent.code} ${sent.msg}`);
  const mail = await app.inject({
    method: 'GET',
    url: `/__control/mailbox?to=${encodeURIComponent(email)}`,
  });
  const code = mail.json<{ list: { code: string }[] }>().list[0]?.code;
  const reply = await call<{ token: string; user: Record<string, unknown> }>(
    app,
    '/api/login/register',
    {
      email,
      code,
      password: PASSWORD,
      confirm_password: PASSWORD,
      ...extra,
    },
  );
  if (reply.code !== 200) throw new Error(`register: ${reply.code} ${reply.msg}`);
  return reply.data;
}
