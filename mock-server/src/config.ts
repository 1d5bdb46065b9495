import {
  CIPHER_MODES,
  DEFAULT_CIPHER,
  DEFAULT_TOKEN,
  HEADER_NAME_PATTERN,
  HEADERS,
} from '@bourse/protocol';
import { isIP } from 'node:net';
import { z } from 'zod';

const FLAG_ON = ['1', 'true', 'on', 'yes'];
const FLAG_OFF = ['0', 'false', 'off', 'no', ''];

const flag = (fallback: boolean) =>
  z
    .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no', ''])
    .optional()
    .transform((value) =>
      value === undefined || value === '' ? fallback : FLAG_ON.includes(value),
    );

/** proxy-addr's (Fastify's trustProxy) names for the private ranges. */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/** An address, a CIDR block or a named range, as proxy-addr reads it. */
const isAddressOrBlock = (entry: string): boolean => {
  if (PROXY_RANGES.includes(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
};

/**
 * Whom to believe about the client's address (X-Forwarded-For): nobody by default, since the
 * login and code rate limits key on it; everyone (a flag), or the proxies' addresses/CIDRs. No hop
 * count: Fastify 5.12 treats one as "trust nobody", since it cannot check the nearest peer.
 */
const trustProxy = z
  .string()
  .default('')
  .transform((value, context): boolean | string[] => {
    const text = value.trim().toLowerCase();
    if (FLAG_OFF.includes(text)) return false;
    if (FLAG_ON.includes(text)) return true;
    if (/^\d+$/.test(text)) {
      context.addIssue({
        code: 'custom',
        message: 'a hop count is not supported (Fastify would trust nobody): list the proxies',
      });
      return z.NEVER;
    }
    const entries = text
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const bad = entries.filter((entry) => !isAddressOrBlock(entry));
    if (bad.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `expected on/off, or addresses, CIDRs and loopback/linklocal/uniquelocal; not ${bad.join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

const headerName = (fallback: string) =>
  z
    .string()
    .regex(HEADER_NAME_PATTERN, 'must be an HTTP header name (letters, digits, - and a few marks)')
    .default(fallback);

/**
 * Every environment variable the mock reads (docs/configuration.md lists them with these
 * defaults).
 */
export const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  PAYLOAD_KEY: z.string().default(DEFAULT_CIPHER.key),
  PAYLOAD_IV: z.string().default(DEFAULT_CIPHER.iv),
  CIPHER_MODE: z.enum(CIPHER_MODES).default(DEFAULT_CIPHER.mode),
  DEFAULT_TOKEN: z.string().min(1).default(DEFAULT_TOKEN),
  HEADER_LANGUAGE: headerName(HEADERS.language),
  HEADER_UUID: headerName(HEADERS.uuid),
  HEADER_TOKEN: headerName(HEADERS.token),
  ENCRYPT: flag(true),
  DATA_DIR: z.string().default('.data'),
  SEED: z.coerce.number().int().default(20_261_122),
  SCENARIO: z.string().default('verified-trader'),
  RECORDINGS_DIR: z.string().default(''),
  CONTROL: flag(true),
  /** when set, the control API wants `Authorization: Bearer <CONTROL_TOKEN>` on every call */
  CONTROL_TOKEN: z.string().default(''),
  /** on: the control API answers the network without a token (by default this machine only) */
  CONTROL_LAN: flag(false),
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    ),
  WEB_DIR: z.string().default(''),
  TRUST_PROXY: trustProxy,
  MARKET_TICK_MS: z.coerce.number().int().min(0).default(1000),
  /** how long obtaining an exclusive deposit account takes (simulated ms) */
  DEPOSIT_WAIT_MS: z.coerce.number().int().min(0).default(3000),
  /** approve deposits and withdrawals this long after they are made; empty: only by control API */
  REVIEW_DELAY_MS: z
    .string()
    .default('')
    .transform((value, context) => {
      if (value.trim() === '') return null;
      const ms = Number(value);
      if (!Number.isSafeInteger(ms) || ms < 0) {
        context.addIssue({ code: 'custom', message: 'expected a whole number of ms, or empty' });
        return z.NEVER;
      }
      return ms;
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Environment = z.output<typeof environmentSchema>;

export function readEnvironment(env: NodeJS.ProcessEnv): Environment {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Bad mock-server configuration:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}
