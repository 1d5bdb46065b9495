import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/** scrypt cost: 2^14 in service (OWASP's minimum); tests may lower it to stay quick. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
}

export function createPasswordHasher(cost = 16_384): PasswordHasher {
  const params = { N: cost, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
  return {
    async hash(password) {
      const salt = randomBytes(16);
      const key = await scrypt(password.normalize('NFKC'), salt, 32, params);
      return `scrypt$${cost}$${salt.toString('base64')}$${key.toString('base64')}`;
    },
    async verify(password, stored) {
      const [scheme, storedCost, salt, key] = stored.split('$');
      if (scheme !== 'scrypt' || !storedCost || !salt || !key) return false;
      const expected = Buffer.from(key, 'base64');
      const actual = await scrypt(
        password.normalize('NFKC'),
        Buffer.from(salt, 'base64'),
        expected.length,
        {
          ...params,
          N: Number(storedCost),
        },
      );
      return timingSafeEqual(actual, expected);
    },
  };
}
