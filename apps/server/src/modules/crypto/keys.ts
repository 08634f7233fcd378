import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { hexToBytes } from '@noble/hashes/utils.js';
import type { Config } from '../../config';
import { keysFromSeed, type DerivationKeys } from './derivation';

/** Where development start keeps its generated deposit seed. */
export const DEVELOPMENT_SEED_FILE = 'crypto-development-seed.hex';

/**
 * The deposit-address keys: from configuration when given; in development, from a seed generated
 * once into DATA_DIR (so addresses stay the same across restarts); in production without
 * configuration, none, and wallets cannot be opened (a development seed is never used there).
 */
export async function resolveDerivationKeys(config: Config): Promise<DerivationKeys | null> {
  if (config.crypto) {
    return {
      bitcoinAccountXpub: config.crypto.bitcoinAccountXpub,
      evmAccountXpub: config.crypto.evmAccountXpub,
      solanaSeed: hexToBytes(config.crypto.solanaSeedHex),
    };
  }
  if (config.env === 'production') return null;
  if (config.dataDir.startsWith('memory://')) return keysFromSeed(randomBytes(32));
  const file = path.join(config.dataDir, DEVELOPMENT_SEED_FILE);
  let hex: string;
  try {
    hex = (await readFile(file, 'utf8')).trim();
  } catch {
    hex = randomBytes(32).toString('hex');
    await mkdir(config.dataDir, { recursive: true });
    await writeFile(file, `${hex}\n`, { mode: 0o600, flag: 'wx' }).catch(async () => {
      // Another process wrote it first: use that one.
      hex = (await readFile(file, 'utf8')).trim();
    });
  }
  return keysFromSeed(hexToBytes(hex));
}
