import { CIPHER_MODES, DEFAULT_CIPHER, DEFAULT_TOKEN } from '@bourse/protocol';
import { z } from 'zod';

const flag = (fallback: boolean) =>
  z
    .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no', ''])
    .optional()
    .transform((value) =>
      value === undefined || value === '' ? fallback : ['1', 'true', 'on', 'yes'].includes(value),
    );

/** Every environment variable the mock reads (the README lists them with these defaults). */
export const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  PAYLOAD_KEY: z.string().default(DEFAULT_CIPHER.key),
  PAYLOAD_IV: z.string().default(DEFAULT_CIPHER.iv),
  CIPHER_MODE: z.enum(CIPHER_MODES).default(DEFAULT_CIPHER.mode),
  DEFAULT_TOKEN: z.string().min(1).default(DEFAULT_TOKEN),
  ENCRYPT: flag(true),
  DATA_DIR: z.string().default('.data'),
  SEED: z.coerce.number().int().default(20_261_122),
  SCENARIO: z.string().default('verified-trader'),
  CONTROL: flag(true),
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
  MARKET_TICK_MS: z.coerce.number().int().min(0).default(1000),
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
