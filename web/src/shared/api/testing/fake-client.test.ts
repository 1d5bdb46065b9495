import { DEFAULT_LANGUAGE, endpoints } from '@bourse/protocol';
import { describe, expect, it } from 'vitest';
import { isCodeError, isTransportError } from '../errors.ts';
import { failWith, fakeClient } from './fake-client.ts';

const WHO = { uuid: 'u-1', token: null, language: DEFAULT_LANGUAGE };
const SENT = { expires_in: 600, resend_in: 60 };
const REQUEST = { email: 'trader@example.com', purpose: 'register' } as const;

describe('the fake API client of the tests', () => {
  it('answers by path, parses the reply as the real client does, and records the call', async () => {
    const api = fakeClient({ [endpoints.auth.sendEmail.path]: () => Promise.resolve(SENT) });

    await expect(api.client.call(endpoints.auth.sendEmail, REQUEST, WHO)).resolves.toStrictEqual(
      SENT,
    );

    expect(api.calls).toStrictEqual([
      { path: endpoints.auth.sendEmail.path, body: REQUEST, credentials: WHO },
    ]);
    expect(api.callsTo(endpoints.auth.sendEmail)).toStrictEqual([
      { path: endpoints.auth.sendEmail.path, body: REQUEST },
    ]);
    expect(api.paths()).toStrictEqual([endpoints.auth.sendEmail.path]);
  });

  it('fails a call with what its reply throws, or as a lost connection for a path it has no reply for', async () => {
    const api = fakeClient({
      [endpoints.auth.sendEmail.path]: failWith(429, 'Too many requests'),
    });

    await expect(api.client.call(endpoints.auth.sendEmail, REQUEST, WHO)).rejects.toSatisfy(
      (error) => isCodeError(error, 429),
    );
    await expect(
      api.client.call(
        endpoints.auth.register,
        { email: 'a@b.co', code: '123456', password: 'x', confirm_password: 'x', invite_code: '' },
        WHO,
      ),
    ).rejects.toSatisfy(isTransportError);
    expect(api.sent).toHaveLength(2);
  });
});
