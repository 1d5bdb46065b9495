import { describe, expect, it, vi } from 'vitest';
import {
  resolveAssetUrl,
  absoluteSocketUrl,
  DEFAULT_RUNTIME_CONFIG,
  loadRuntimeConfig,
  wireSettingsOf,
} from './runtime.ts';

const answer = (body: unknown, status = 200) =>
  vi.fn<typeof fetch>(() => Promise.resolve(new Response(JSON.stringify(body), { status })));

describe('runtime configuration', () => {
  it('takes a real backend from config.json, header names included', async () => {
    const config = await loadRuntimeConfig(
      answer({
        apiBase: 'https://api.example.com',
        wsUrl: 'wss://feed.example.com/ws',
        payloadKey: 'K'.repeat(32),
        headers: { token: 'x-sign' },
      }),
    );
    expect(config.apiBase).toBe('https://api.example.com');
    expect(config.headers).toEqual({ language: 'Accept-Language', uuid: 'uuid', token: 'x-sign' });
    expect(wireSettingsOf(config).cipher.key).toHaveLength(32);
  });

  it("passes the company's office on as written, and none by default", async () => {
    const office = { name: 'Bourse', address: '1 Quay St', latitude: 51.5, longitude: -0.1 };
    expect((await loadRuntimeConfig(answer({ company: office }))).company).toEqual(office);
    expect(DEFAULT_RUNTIME_CONFIG.company).toBeNull();
  });

  it('falls back to the defaults when config.json is missing or wrong', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await loadRuntimeConfig(answer({}, 404))).toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(await loadRuntimeConfig(answer({ cipherMode: 'XTS' }))).toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(error).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });

  it('turns a socket path into a URL on the page host, wss under https', () => {
    expect(absoluteSocketUrl('/ws', { protocol: 'https:', host: 'app.example.com' })).toBe(
      'wss://app.example.com/ws',
    );
    expect(absoluteSocketUrl('/ws', { protocol: 'http:', host: '192.168.1.5:8080' })).toBe(
      'ws://192.168.1.5:8080/ws',
    );
    expect(absoluteSocketUrl('wss://feed.example.com/ws', { protocol: 'http:', host: 'x' })).toBe(
      'wss://feed.example.com/ws',
    );
  });
});

describe('images the API names', () => {
  it('load from the API host when the API is elsewhere', () => {
    expect(resolveAssetUrl('https://api.example.com/v1', '/static/symbols/btc.svg')).toBe(
      'https://api.example.com/static/symbols/btc.svg',
    );
  });

  it('stay as they are when absolute, empty, or when the API is this origin', () => {
    expect(resolveAssetUrl('https://api.example.com', 'https://cdn.example.com/btc.png')).toBe(
      'https://cdn.example.com/btc.png',
    );
    expect(resolveAssetUrl('https://api.example.com', 'data:image/png;base64,AAAA')).toBe(
      'data:image/png;base64,AAAA',
    );
    expect(resolveAssetUrl('https://api.example.com', '')).toBe('');
    expect(resolveAssetUrl('', '/static/symbols/btc.svg')).toBe('/static/symbols/btc.svg');
  });
});
