/**
 * Record mode end to end, with the mock itself as the upstream (started as a stranger: its own
 * key, IV, mode, guest token and header names): a session of calls through the recorder, the
 * upstream stopped, the set replayed through `SCENARIO=recorded:<name>`. The replies are the
 * same but for the redactions, and nothing personal survives in the written file.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SCENARIOS } from '@bourse/fixtures';
import { readRecording, type Recording } from '@bourse/fixtures/recorded';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, md5, testApp, type Reply } from '../test/wire.ts';
import { buildRecorder, type Recorder } from './recorder.ts';
import { STAND_IN_IMAGE } from './redact.ts';

const STRANGER = {
  cipher: { key: 'UpstreamKey-0123456789-32bytes!!', iv: 'UpstreamIv-16byt', mode: 'ECB' },
  defaultToken: 'upstream-guest',
} as const;
const STRANGER_HEADERS = { language: 'X-Lang', uuid: 'X-Device', token: 'X-Sign' };

const user = SCENARIOS['fresh-user'].users[0];
if (user === undefined) throw new Error('the fresh-user scenario has no user');
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGBgAAAABQABpfZFQAAAAABJRU5ErkJggg==';
const IDENTITY = {
  name: 'Freya Holm',
  id_number: 'P98765432',
  phone: '+1 4155550177',
  birth_date: '1991-02-03',
  document_type: 'passport',
  front_image: PNG,
};
const BANK = { bank_name: 'Chase', account_no: '000987654321', holder_name: 'Freya Holm' };
const WALLET = { network: 'TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' };

/** A session: what a tester does in the app, call by call. */
const SESSION: { path: string; body: Record<string, unknown>; signedIn: boolean }[] = [
  { path: '/api/index/getConfig', body: {}, signedIn: false },
  // the client's clock six minutes off: the upstream refuses it, and it is not recorded
  { path: '/api/index/getLang', body: {}, signedIn: false },
  {
    path: '/api/login/index',
    body: { account: user.email, password: 'not-the-password' },
    signedIn: false,
  },
  {
    path: '/api/login/index',
    body: { account: user.email, password: user.password },
    signedIn: false,
  },
  { path: '/api/users/info', body: {}, signedIn: true },
  { path: '/api/users/setUserBank', body: BANK, signedIn: true },
  { path: '/api/users/getBankList', body: {}, signedIn: true },
  { path: '/api/users/setUserWallet', body: WALLET, signedIn: true },
  { path: '/api/users/setAuthentication', body: IDENTITY, signedIn: true },
  { path: '/api/users/info', body: {}, signedIn: true },
];

/**
 * Fields whose values may differ between the original and the replay: the redacted ones (any
 * e-mail address is redacted, the platform's support address too).
 */
const REDACTED_FIELDS = new Set([
  'support_email',
  'email',
  'phone',
  'nickname',
  'token',
  'account_no',
  'holder_name',
  'address',
  'avatar',
]);

let dir: string;
let upstream: FastifyInstance;
let recorder: Recorder;
const originals: Reply[] = [];
let session = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bourse-recorded-'));
  upstream = await testApp({
    scenario: 'fresh-user',
    wire: STRANGER,
    headers: STRANGER_HEADERS,
  });
  const url = await upstream.listen({ host: '127.0.0.1', port: 0 });
  recorder = buildRecorder({
    upstream: url,
    upstreamWire: STRANGER,
    upstreamHeaders: STRANGER_HEADERS,
    name: 'session',
    dir,
  });
  for (const step of SESSION) {
    const reply = await call(recorder.app, step.path, step.body, {
      token: step.signedIn ? session : null,
      ...(step.path === '/api/index/getLang' ? { time: Date.now() - 6 * 60_000 } : {}),
    });
    if (step.path === '/api/login/index' && reply.code === 200) {
      session = (reply.data as { token: string }).token;
    }
    originals.push(reply);
  }
  await recorder.app.close();
  await upstream.close();
  // from here on, the recorded session: the refused call is not in it
  expect(originals.splice(1, 1)[0]?.code).toBe(403);
  SESSION.splice(1, 1);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Paths (`$.data.user.email`) where two replies differ. */
function differences(a: unknown, b: unknown, path = '$'): string[] {
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].flatMap((key) =>
      differences(
        (a as Record<string, unknown>)[key],
        (b as Record<string, unknown>)[key],
        `${path}.${key}`,
      ),
    );
  }
  return Object.is(a, b) ? [] : [path];
}

describe('record mode', () => {
  it('forwards each call, re-signed for the upstream, and answers the client as the mock would', () => {
    // a bank and a wallet bind only once the identity is verified: the unverified user's
    // attempts are refused, and kept
    expect(originals.map((reply) => reply.code)).toEqual([
      200, 500, 200, 200, 500, 200, 500, 200, 200,
    ]);
    // the client got data encrypted with its own key (call() decrypts with the mock's default)
    expect(typeof (originals[0]?.raw as { data: unknown }).data).toBe('string');
    expect(originals[3]?.data).toMatchObject({ email: user.email, identity_status: 'unverified' });
    expect(originals[8]?.data).toMatchObject({ identity_status: 'pending' });
    expect(recorder.count()).toBe(SESSION.length);
  });

  it('writes the session as one readable JSON fixture set', async () => {
    const recording = await readRecording('session', dir);
    expect(recording.calls.map((one) => one.path)).toEqual(SESSION.map((step) => step.path));
    expect(recording.calls.map((one) => one.caller === 'guest')).toEqual(
      SESSION.map((step) => !step.signedIn),
    );
    expect(recording.calls.every((one) => !('time' in one.request))).toBe(true);
    expect(recording.calls[1]?.reply).toMatchObject({ code: 500, data: null });
  });

  it('leaves no original e-mail, token, ID number or other personal value in the files', async () => {
    const text = await readFile(join(dir, 'session.json'), 'utf8');
    const secrets = [
      user.email,
      user.password,
      user.phone,
      user.nickname,
      session,
      md5(session),
      IDENTITY.name,
      IDENTITY.id_number,
      IDENTITY.phone.replace(/\D/g, ''),
      IDENTITY.birth_date,
      BANK.account_no,
      WALLET.address,
      PNG.slice(30),
    ];
    expect(session).not.toBe('');
    for (const secret of secrets) expect([secret, text.includes(secret)]).toEqual([secret, false]);
  });

  it('replaces one value by one stand-in everywhere, across calls', async () => {
    const { calls } = await readRecording('session', dir);
    const email = (calls[2]?.request as { account: string }).account;
    expect(email).toMatch(/^person\d+@example\.com$/);
    expect(calls[1]?.request['account']).toBe(email);
    expect((calls[3]?.reply.data as { email: string }).email).toBe(email);
    expect((calls[8]?.reply.data as { email: string }).email).toBe(email);
    // the session: the login reply's stand-in token is what every later call was signed with
    const token = (calls[2]?.reply.data as { token: string }).token;
    expect(token).toMatch(/^[0-9a-f]+$/);
    expect(calls.slice(3).every((one) => one.caller === md5(token))).toBe(true);
    // the same person's name in the bank form and the identity form
    expect(calls[4]?.request['holder_name']).toBe(calls[7]?.request['name']);
    expect(calls[7]?.request['front_image']).toBe(STAND_IN_IMAGE);
  });

  describe('SCENARIO=recorded:<name>, with the upstream stopped', () => {
    let replay: FastifyInstance;
    let recording: Recording;
    beforeAll(async () => {
      recording = await readRecording('session', dir);
      replay = await testApp({ scenario: 'recorded:session', recordingsDir: dir });
    });
    afterAll(async () => {
      await replay.close();
    });

    it('answers the same calls with the same replies but for the redactions', async () => {
      let token = '';
      for (const [index, recorded] of recording.calls.entries()) {
        const reply = await call(replay, recorded.path, recorded.request, {
          token: recorded.caller === 'guest' ? null : token,
        });
        if (recorded.path === '/api/login/index' && reply.code === 200) {
          token = (reply.data as { token: string }).token;
        }
        const original = originals[index];
        expect([recorded.path, reply.code]).toEqual([recorded.path, original?.code]);
        expect(reply.data).toEqual(recorded.reply.data);
        const differing = differences(original?.data, reply.data);
        const fields = differing.map((path) => path.split('.').at(-1) ?? '');
        expect([recorded.path, fields.filter((field) => !REDACTED_FIELDS.has(field))]).toEqual([
          recorded.path,
          [],
        ]);
      }
    });

    it('matches a call by its fields: the wrong password gets the refusal, the right one the session', async () => {
      const account = recording.calls[2]?.request['account'];
      const password = recording.calls[2]?.request['password'];
      const wrong = await call(replay, '/api/login/index', {
        account,
        password: recording.calls[1]?.request['password'],
      });
      const right = await call(replay, '/api/login/index', { account, password });
      expect(wrong.code).toBe(500);
      expect(right.code).toBe(200);
    });

    it('falls back to the simulated exchange for what the set does not hold', async () => {
      const languages = await call(replay, '/api/index/getLang');
      expect(languages.code).toBe(200);
      // a guest on a user call: the set holds only signed-in ones, so the session check answers
      expect((await call(replay, '/api/users/info')).code).toBe(401);
    });
  });
});
