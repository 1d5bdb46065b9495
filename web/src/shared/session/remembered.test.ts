import { appStarted } from '#shared/lib';
import { storageKey } from '#shared/storage';
import { allSettled, fork } from 'effector';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberedAccountForgotten } from './remembered.ts';

const storage = await vi.hoisted(async () => {
  const { installMemoryStorage } = await import('#shared/storage/testing');
  return installMemoryStorage();
});

const INFO = storageKey('rememberInfo');
const FLAG = storageKey('rememberPassword');

beforeEach(() => {
  storage.clear();
});

describe('a password kept by an older version', () => {
  it('is taken out when the app starts; the account stays remembered', async () => {
    storage.set(FLAG, 'true');
    storage.set(
      INFO,
      JSON.stringify({
        mode: 'email',
        account: 'kept@example.com',
        area_code: '',
        country: '',
        password: 'Kept1234',
      }),
    );

    await allSettled(appStarted, { scope: fork() });

    expect(storage.get(INFO)).not.toContain('Kept1234');
    expect(JSON.parse(storage.get(INFO) ?? 'null')).toEqual({
      mode: 'email',
      account: 'kept@example.com',
      area_code: '',
      country: '',
    });
    expect(storage.get(FLAG)).toBe('true');
  });

  it('something unreadable kept there is dropped', async () => {
    storage.set(INFO, '{"password": "Kept1234"');

    await allSettled(appStarted, { scope: fork() });

    expect(storage.has(INFO)).toBe(false);
  });

  it('a remembered account without a password is left as it is', async () => {
    const kept = JSON.stringify({
      mode: 'phone',
      account: '4155550101',
      area_code: '+1',
      country: 'CA',
    });
    storage.set(INFO, kept);

    await allSettled(appStarted, { scope: fork() });

    expect(storage.get(INFO)).toBe(kept);
  });
});

describe('forgetting the remembered account', () => {
  it('clears it from the device, even before the login page has loaded', async () => {
    storage.set(FLAG, 'true');
    storage.set(
      INFO,
      JSON.stringify({ mode: 'email', account: 'a@example.com', area_code: '', country: '' }),
    );

    await allSettled(rememberedAccountForgotten, { scope: fork() });

    expect(storage.has(INFO)).toBe(false);
    expect(storage.has(FLAG)).toBe(false);
  });
});
