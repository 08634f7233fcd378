import { createPrivateKey, createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { secretRing, type SecretRing } from './lib/crypto';

/**
 * Configuration, read and validated once at start (docs/operations.md#configuration).
 * A bad value stops the start with one line naming the variable.
 */
const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Listen address; unset: every interface in production, this machine only otherwise. */
  HOST: z.string().min(1).optional(),
  /** The port of GET /metrics (Prometheus), never on PORT; unset: no metrics listener. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /**
   * Where GET /metrics listens: this machine only unless set (e.g. the private interface Prometheus
   * reaches). Not HOST: a public API's every interface must not publish what the metrics tell.
   */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
    .optional(),
  /**
   * The tables' owner, for migrations only; the server itself then runs as DATABASE_URL's role, which
   * is granted what it needs and cannot change history (db/roles.ts). Unset: DATABASE_URL does both.
   */
  DATABASE_OWNER_URL: z
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
  /** 'true': production accepts an http APP_URL, for a try-out on one machine (never for clients). */
  ALLOW_HTTP_APP_URL: z.enum(['true', 'false']).default('false'),
  /** Keys the pepper of token and code hashes; required in production. */
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The APP_SECRET before the last rotation: what was hashed or sealed under it is still accepted. */
  APP_SECRET_PREVIOUS: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Encrypts card numbers (AES-256-GCM) and keys their look-up hash (docs/cards.md); required in production. */
  CARD_DATA_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The CARD_DATA_KEY before the last rotation: numbers sealed or hashed under it are still found and read. */
  CARD_DATA_KEY_PREVIOUS: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The card verification key the CVCs are derived with; it does not rotate with CARD_DATA_KEY (docs/cards.md). */
  CARD_VERIFICATION_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The secret the card processor signs its messages with (docs/cards.md#the-card-network); required in production. */
  CARD_NETWORK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seeds demo data into an empty database; never in production. */
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  /** Account extended public keys of the deposit addresses: BIP84 m/84'/0'/0' (xpub or zpub) and BIP44 m/44'/60'/0'. */
  CRYPTO_XPUB_BTC: z.string().regex(/^[xz]pub[1-9A-HJ-NP-Za-km-z]{100,112}$/, 'must be an account xpub or zpub').optional(),
  CRYPTO_XPUB_EVM: z.string().regex(/^xpub[1-9A-HJ-NP-Za-km-z]{100,112}$/, 'must be an account xpub').optional(),
  /** Seed of the Solana deposit keys (hex, 32 to 64 bytes): SLIP-0010 ed25519 keys derive only from a seed. */
  CRYPTO_SOLANA_SEED: z.string().regex(/^([0-9a-f]{2}){32,64}$/i, 'must be 32 to 64 bytes of hex').optional(),
  /**
   * The reverse proxies whose X-Forwarded-For the server believes, so rate limits and lockouts see
   * each client's own address: a comma-separated list of addresses or CIDR ranges (or 'loopback',
   * 'linklocal', 'uniquelocal'), or the number of proxy hops. Unset: none (the peer's address).
   */
  /**
   * The Ed25519 private key that signs statements (PKCS#8 PEM): the PEM itself (line breaks may be
   * written as \n) or the path of a file holding it; required in production.
   */
  STATEMENT_SIGNING_KEY: z.string().max(10_000).optional(),
  /**
   * The keys that signed statements before the last rotations, which now only verify: PEM keys
   * (public SPKI or private PKCS#8; several may follow one another) or paths of files holding them,
   * separated by commas.
   */
  STATEMENT_SIGNING_KEYS_PREVIOUS: z.string().max(100_000).optional(),
  /** The bank's time zone (IANA): what "today" is for payment dates, fees and the jobs' times (docs/time.md). */
  BANK_TIME_ZONE: z
    .string()
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as Europe/Moscow')
    .default('UTC'),
  /** 'false': this node serves the API but works no jobs (another node does). */
  JOBS_ENABLED: z.enum(['true', 'false']).default('true'),
  /** The hour of the bank's day at which payments dated that day run. */
  SCHEDULED_PAYMENTS_HOUR: z.coerce.number().int().min(0).max(23).default(6),
  /** Banking days a transfer may wait for the bank's decision before it expires and its hold is released. */
  HOLD_EXPIRY_BANKING_DAYS: z.coerce.number().int().min(1).max(60).default(5),
  /** The monthly account maintenance fee (docs/product.md#tariffs-and-limits): 'false' switches it off. */
  MAINTENANCE_FEE_ENABLED: z.enum(['true', 'false']).default('true'),
  /** Where the ECB's daily reference rates are fetched from. */
  ECB_RATES_URL: z.string().url().default('https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml'),
  /** Rates older than this are not used to price anything (a weekend and a holiday fit in the default). */
  RATES_MAX_AGE_HOURS: z.coerce.number().int().min(1).max(24 * 14).default(96),
  /** Days kept: idempotency records, delivered mail, and expired sessions and codes after their expiry. */
  IDEMPOTENCY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  MAIL_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  EXPIRED_CREDENTIALS_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(0),
  TRUST_PROXY: z
    .string()
    .regex(/^(\d{1,2}|[0-9A-Za-z.:/_-]+(\s*,\s*[0-9A-Za-z.:/_-]+)*)$/, 'must be a hop count or a comma-separated list of addresses or CIDR ranges')
    .optional(),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Where GET /metrics listens (modules/metrics); undefined: nowhere. 0: any free port (tests). */
  metricsPort: number | undefined;
  metricsHost: string;
  databaseUrl: string | undefined;
  /** The role that owns the tables and runs migrations; undefined: DATABASE_URL's role does both. */
  databaseOwnerUrl?: string | undefined;
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  contactEmail: string;
  appUrl: string;
  /** APP_SECRET, and APP_SECRET_PREVIOUS while a rotation is under way (lib/crypto.ts). */
  secret: SecretRing;
  /** CARD_DATA_KEY (with CARD_DATA_KEY_PREVIOUS while it rotates) and CARD_VERIFICATION_KEY. */
  cards: { dataKey: SecretRing; verificationKey: string; networkSecret: string };
  logLevel: string;
  seedDemo: boolean;
  /** Deposit-address keys from configuration; null: a development seed in DATA_DIR (never in production). */
  crypto: { bitcoinAccountXpub: string; evmAccountXpub: string; solanaSeedHex: string } | null;
  /** Fastify's trustProxy: false (none), a hop count, or the proxies' addresses and ranges. */
  trustProxy: false | number | string[];
  /**
   * The statements' Ed25519 signing key (PKCS#8 PEM); null: a development key generated into
   * DATA_DIR (in memory for tests), never in production (statement/signing-key.ts).
   */
  statementSigningKeyPem: string | null;
  /** The public keys (SPKI PEM) of earlier signing keys: statements they signed still verify. */
  statementPreviousPublicKeyPems: string[];
  /** The bank's time and the jobs that run on it (docs/time.md, modules/jobs). */
  time: TimeConfig;
}

export interface TimeConfig {
  /** IANA zone of the bank's dates. */
  zone: string;
  /** Whether this node works the job queue. */
  jobsEnabled: boolean;
  paymentsHour: number;
  holdExpiryBankingDays: number;
  maintenanceFee: boolean;
  ecbRatesUrl: string;
  ratesMaxAgeHours: number;
  retentionDays: { idempotency: number; mail: number; expiredCredentials: number };
}

/** A development-only secret, so a fresh clone runs without setup; production refuses it. */
const DEVELOPMENT_SECRET = 'development-only-secret-never-used-in-production';
/** The card keys of a development server, for the same reason. */
const DEVELOPMENT_CARD_DATA_KEY = 'development-only-card-data-key-never-in-production';
const DEVELOPMENT_CARD_VERIFICATION_KEY = 'development-only-card-verification-key-never-in-production';
/** What `npm run card:terminal` signs with unless CARD_NETWORK_SECRET is set (docs/cards.md#a-terminal-to-try-it). */
export const DEVELOPMENT_CARD_NETWORK_SECRET = 'development-only-card-network-secret-never-in-production';

export class ConfigError extends Error {}

/** Fewest bits a secret must carry by the count of its characters (a random 32-byte key has 256). */
const SECRET_MIN_BITS = 128;

/** Shannon's estimate from the symbols' own frequencies, times their number. */
function frequencyBits<T>(symbols: readonly T[]): number {
  const counts = new Map<T, number>();
  for (const symbol of symbols) counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
  let bitsPerSymbol = 0;
  for (const count of counts.values()) {
    const share = count / symbols.length;
    bitsPerSymbol -= share * Math.log2(share);
  }
  return bitsPerSymbol * symbols.length;
}

/**
 * The length of the shortest unit the text repeats ('abcabcab' → 3), or its whole length when it
 * repeats none: its length less its longest border (a prefix that is also a suffix), as the
 * Knuth–Morris–Pratt prefix function finds it.
 */
export function smallestPeriod(symbols: readonly string[]): number {
  const border = new Array<number>(symbols.length).fill(0);
  for (let index = 1; index < symbols.length; index += 1) {
    let length = border[index - 1]!;
    while (length > 0 && symbols[index] !== symbols[length]) length = border[length - 1]!;
    border[index] = symbols[index] === symbols[length] ? length + 1 : length;
  }
  return symbols.length - (border.at(-1) ?? 0);
}

/**
 * An estimate of how many bits of chance a secret carries. Only its shortest repeating unit counts,
 * as the rest follows from it ('0123456789abcdef' four times carries what one does). Of the unit,
 * the lesser of two Shannon estimates: from its characters' frequencies ('aaaa…' or 'abab…' carry
 * almost nothing) and from the steps between neighbouring characters ('abcdef…' or '0123…' use many
 * characters, but always the same step). 64 hex digits of a random key carry about 240 bits.
 */
export function estimatedEntropyBits(text: string): number {
  const characters = [...text];
  const unit = characters.slice(0, smallestPeriod(characters));
  const codes = unit.map((character) => character.codePointAt(0)!);
  const steps = codes.slice(1).map((code, index) => code - codes[index]!);
  return Math.min(frequencyBits(unit), frequencyBits(steps));
}

/**
 * Refuses a secret anyone could guess: the one printed in this file, or one that carries too little
 * chance (too short, too few characters, a repeated unit or a sequential run). `name` is the variable.
 */
function checkSecretStrength(name: 'APP_SECRET' | 'APP_SECRET_PREVIOUS', value: string): void {
  // The secret keys every token and code hash: the one printed in this file, or a guessable one,
  // would let anyone forge them.
  if (value === DEVELOPMENT_SECRET) {
    throw new ConfigError(`Invalid configuration: ${name} is the development secret written in the source; set a random one (openssl rand -hex 32)`);
  }
  if (estimatedEntropyBits(value) < SECRET_MIN_BITS) {
    throw new ConfigError(`Invalid configuration: ${name} is too predictable (too few different characters, a repeated pattern or a sequence); set a random one (openssl rand -hex 32)`);
  }
}

function trustProxyOf(value: string | undefined): Config['trustProxy'] {
  if (value === undefined) return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((entry) => entry.trim()).filter(Boolean);
}

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

/**
 * The statement signing key from its variable: PEM text or a file's path, checked to be an Ed25519
 * private key so a wrong one stops the start instead of the first download. The key is never put
 * into a message.
 */
function statementSigningKeyOf(value: string | undefined): string | null {
  if (value === undefined) return null;
  let pem = value.replace(/\\n/g, '\n');
  if (!pem.includes('-----BEGIN')) {
    try {
      pem = readFileSync(value, 'utf8');
    } catch {
      throw new ConfigError('Invalid configuration: STATEMENT_SIGNING_KEY is neither a PEM key nor a readable file');
    }
  }
  try {
    if (createPrivateKey(pem).asymmetricKeyType === 'ed25519') return pem;
  } catch {
    // Reported below without the library's message, which may quote the key.
  }
  throw new ConfigError('Invalid configuration: STATEMENT_SIGNING_KEY must be an Ed25519 private key in PKCS#8 PEM (openssl genpkey -algorithm ed25519)');
}

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----[\s\S]+?-----END \1-----/g;

/**
 * The public keys of STATEMENT_SIGNING_KEYS_PREVIOUS, each checked to be an Ed25519 key: entries
 * separated by commas, each PEM text or a file's path, and each of those holding one or more PEM
 * keys, public or private (only the public part is kept). No key is ever put into a message.
 */
function previousStatementKeysOf(value: string | undefined): string[] {
  if (value === undefined) return [];
  const name = 'STATEMENT_SIGNING_KEYS_PREVIOUS';
  const blocks = value.split(',').map((entry) => entry.trim()).filter(Boolean).flatMap((entry) => {
    let text = entry.replace(/\\n/g, '\n');
    if (!text.includes('-----BEGIN')) {
      try {
        text = readFileSync(entry, 'utf8');
      } catch {
        throw new ConfigError(`Invalid configuration: ${name} has an entry that is neither a PEM key nor a readable file`);
      }
    }
    const found = text.match(PEM_BLOCK);
    if (!found) throw new ConfigError(`Invalid configuration: ${name} has an entry without a PEM key`);
    return found;
  });
  return blocks.map((block) => {
    try {
      const publicKey = createPublicKey(block);
      if (publicKey.asymmetricKeyType === 'ed25519') return publicKey.export({ type: 'spki', format: 'pem' }).toString();
    } catch {
      // Reported below without the library's message, which may quote the key.
    }
    throw new ConfigError(`Invalid configuration: ${name} must hold Ed25519 keys in PEM (public SPKI or private PKCS#8)`);
  });
}

/**
 * Production links and cookies name APP_URL: without https, reset links and passkeys would name a
 * plain-text address and the device cookie would lose Secure. A try-out on one machine may allow it.
 */
function checkProductionAppUrl(values: z.infer<typeof environmentSchema>): void {
  if (values.NODE_ENV !== 'production' || values.ALLOW_HTTP_APP_URL === 'true') return;
  if (values.APP_URL !== undefined && new URL(values.APP_URL).protocol !== 'https:') {
    throw new ConfigError('Invalid configuration: APP_URL must be an https:// address when NODE_ENV=production (ALLOW_HTTP_APP_URL=true allows http for a try-out on one machine)');
  }
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
    const missing = (['DATABASE_URL', 'SMTP_URL', 'APP_SECRET', 'STATEMENT_SIGNING_KEY', 'APP_URL', 'CARD_DATA_KEY', 'CARD_VERIFICATION_KEY', 'CARD_NETWORK_SECRET'] as const).filter(
      (name) => !values[name],
    );
    if (missing.length > 0) {
      throw new ConfigError(`Invalid configuration: ${missing.join(', ')} must be set when NODE_ENV=production`);
    }
  }
  checkProductionAppUrl(values);
  if (values.APP_SECRET_PREVIOUS !== undefined && values.APP_SECRET === undefined) {
    throw new ConfigError('Invalid configuration: APP_SECRET_PREVIOUS is set without APP_SECRET (the secret it was replaced by)');
  }
  if (values.APP_SECRET_PREVIOUS !== undefined && values.APP_SECRET_PREVIOUS === values.APP_SECRET) {
    throw new ConfigError('Invalid configuration: APP_SECRET_PREVIOUS is the same as APP_SECRET');
  }
  if (values.CARD_DATA_KEY_PREVIOUS !== undefined && (values.CARD_DATA_KEY === undefined || values.CARD_DATA_KEY_PREVIOUS === values.CARD_DATA_KEY)) {
    throw new ConfigError('Invalid configuration: CARD_DATA_KEY_PREVIOUS needs a different CARD_DATA_KEY (the key it was replaced by)');
  }
  if (values.APP_SECRET !== undefined && (values.NODE_ENV === 'production' || values.HOST !== undefined)) {
    checkSecretStrength('APP_SECRET', values.APP_SECRET);
    if (values.APP_SECRET_PREVIOUS !== undefined) checkSecretStrength('APP_SECRET_PREVIOUS', values.APP_SECRET_PREVIOUS);
  }
  if (values.METRICS_PORT !== undefined && values.METRICS_PORT !== 0 && values.METRICS_PORT === values.PORT) {
    throw new ConfigError('Invalid configuration: METRICS_PORT must differ from PORT: the metrics are never served on the public port');
  }
  if (values.DATABASE_OWNER_URL && !values.DATABASE_URL) {
    throw new ConfigError('Invalid configuration: DATABASE_OWNER_URL is set without DATABASE_URL (the role the server runs as)');
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
    metricsPort: values.METRICS_PORT,
    metricsHost: values.METRICS_HOST,
    databaseUrl: values.DATABASE_URL,
    databaseOwnerUrl: values.DATABASE_OWNER_URL,
    dataDir: values.DATA_DIR,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    contactEmail: values.CONTACT_EMAIL,
    appUrl: (values.APP_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, ''),
    secret: secretRing(values.APP_SECRET ?? DEVELOPMENT_SECRET, values.APP_SECRET_PREVIOUS ?? null),
    cards: {
      dataKey: secretRing(values.CARD_DATA_KEY ?? DEVELOPMENT_CARD_DATA_KEY, values.CARD_DATA_KEY_PREVIOUS ?? null),
      verificationKey: values.CARD_VERIFICATION_KEY ?? DEVELOPMENT_CARD_VERIFICATION_KEY,
      networkSecret: values.CARD_NETWORK_SECRET ?? DEVELOPMENT_CARD_NETWORK_SECRET,
    },
    logLevel: values.LOG_LEVEL,
    seedDemo,
    crypto: cryptoKeysOf(values),
    trustProxy: trustProxyOf(values.TRUST_PROXY),
    statementSigningKeyPem: statementSigningKeyOf(values.STATEMENT_SIGNING_KEY),
    statementPreviousPublicKeyPems: previousStatementKeysOf(values.STATEMENT_SIGNING_KEYS_PREVIOUS),
    time: {
      zone: values.BANK_TIME_ZONE,
      jobsEnabled: values.JOBS_ENABLED === 'true',
      paymentsHour: values.SCHEDULED_PAYMENTS_HOUR,
      holdExpiryBankingDays: values.HOLD_EXPIRY_BANKING_DAYS,
      maintenanceFee: values.MAINTENANCE_FEE_ENABLED === 'true',
      ecbRatesUrl: values.ECB_RATES_URL,
      ratesMaxAgeHours: values.RATES_MAX_AGE_HOURS,
      retentionDays: {
        idempotency: values.IDEMPOTENCY_RETENTION_DAYS,
        mail: values.MAIL_RETENTION_DAYS,
        expiredCredentials: values.EXPIRED_CREDENTIALS_RETENTION_DAYS,
      },
    },
  };
}

/** The configuration for a command or the server's start: a bad value is its one line on stderr, and null. */
export function loadConfigOrReport(): Config | null {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return null;
  }
}
