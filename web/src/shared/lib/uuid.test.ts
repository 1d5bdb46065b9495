import { describe, expect, it } from 'vitest';
import { uuidV4 } from './uuid.ts';

describe('uuidV4', () => {
  it('writes a version 4, RFC 4122 variant UUID', () => {
    const id = uuidV4();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(uuidV4()).not.toBe(id);
  });

  it('sets the version and variant bits whatever the random bytes', () => {
    expect(uuidV4((bytes) => bytes.fill(0xff))).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(uuidV4((bytes) => bytes.fill(0))).toBe('00000000-0000-4000-8000-000000000000');
  });
});
