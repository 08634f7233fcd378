import { z } from 'zod';

/**
 * Configuration, read and validated once at start (DESIGN §3).
 * A bad value stops the start with one line naming the variable.
 */
const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Listen address; unset: every interface in production, this machine only otherwise. */
  HOST: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Bank <no-reply@bank.example>'),
  CONTACT_EMAIL: z.string().email().default('info@bank.example'),
  APP_URL: z.string().url().optional(),
  /** Keys the pepper of token and code hashes; required in production. */
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seeds demo data into an empty database; never in production. */
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  /** Account extended public keys of the deposit addresses: BIP84 m/84'/0'/0' (xpub or zpub) and BIP44 m/44'/60'/0'. */
  CRYPTO_XPUB_BTC: z.string().regex(/^[xz]pub[1-9A-HJ-NP-Za-km-z]{100,112}$/, 'must be an account xpub or zpub').optional(),
  CRYPTO_XPUB_EVM: z.string().regex(/^xpub[1-9A-HJ-NP-Za-km-z]{100,112}$/, 'must be an account xpub').optional(),
  /** Seed of the Solana deposit keys (hex, 32 to 64 bytes): SLIP-0010 ed25519 keys derive only from a seed. */
  CRYPTO_SOLANA_SEED: z.string().regex(/^([0-9a-f]{2}){32,64}$/i, 'must be 32 to 64 bytes of hex').optional(),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  contactEmail: string;
  appUrl: string;
  secret: string;
  logLevel: string;
  seedDemo: boolean;
  /** Deposit-address keys from configuration; null: a development seed in DATA_DIR (never in production). */
  crypto: { bitcoinAccountXpub: string; evmAccountXpub: string; solanaSeedHex: string } | null;
}

/** A development-only secret, so a fresh clone runs without setup; production refuses it. */
const DEVELOPMENT_SECRET = 'development-only-secret-never-used-in-production';

export class ConfigError extends Error {}

/** Addresses only this machine reaches: a development server there shows its demo data to nobody else. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare) || bare === '::ffff:127.0.0.1';
}

function cryptoKeysOf(values: z.infer<typeof environmentSchema>): Config['crypto'] {
  const given = [values.CRYPTO_XPUB_BTC, values.CRYPTO_XPUB_EVM, values.CRYPTO_SOLANA_SEED];
  if (given.every((value) => value === undefined)) return null;
  if (!values.CRYPTO_XPUB_BTC || !values.CRYPTO_XPUB_EVM || !values.CRYPTO_SOLANA_SEED) {
    throw new ConfigError('Invalid configuration: CRYPTO_XPUB_BTC, CRYPTO_XPUB_EVM and CRYPTO_SOLANA_SEED are set together');
  }
  return { bitcoinAccountXpub: values.CRYPTO_XPUB_BTC, evmAccountXpub: values.CRYPTO_XPUB_EVM, solanaSeedHex: values.CRYPTO_SOLANA_SEED };
}

export function loadConfig(environment: Record<string, string | undefined> = process.env): Config {
  const parsed = environmentSchema.safeParse(
    Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== '')),
  );
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')} ${issue.message}`);
  }
  const values = parsed.data;
  if (values.NODE_ENV === 'production') {
    const missing = (['DATABASE_URL', 'SMTP_URL', 'APP_SECRET'] as const).filter((name) => !values[name]);
    if (missing.length > 0) {
      throw new ConfigError(`Invalid configuration: ${missing.join(', ')} must be set when NODE_ENV=production`);
    }
  }
  const host = values.HOST ?? (values.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1');
  // A development server that other machines reach (NODE_ENV forgotten on a host) must not serve
  // the secret printed in this file, nor demo clients whose passwords the README publishes.
  const exposed = values.NODE_ENV !== 'production' && !isLoopbackHost(host);
  if (exposed && !values.APP_SECRET) {
    throw new ConfigError(`Invalid configuration: APP_SECRET must be set when HOST=${host} is reachable from other machines (or listen on 127.0.0.1)`);
  }
  const seedDemo =
    values.NODE_ENV !== 'production' && (exposed ? values.SEED_DEMO === 'true' : (values.SEED_DEMO ?? 'true') === 'true');
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host,
    databaseUrl: values.DATABASE_URL,
    dataDir: values.DATA_DIR,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    contactEmail: values.CONTACT_EMAIL,
    appUrl: (values.APP_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, ''),
    secret: values.APP_SECRET ?? DEVELOPMENT_SECRET,
    logLevel: values.LOG_LEVEL,
    seedDemo,
    crypto: cryptoKeysOf(values),
  };
}
