import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mnemonicToSeedSync } from '@scure/bip39';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { depositAddress, keysFromSeed } from './derivation';
import { DEVELOPMENT_SEED_FILE, resolveDerivationKeys } from './keys';

const BIP84_ZPUB = 'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
// The BIP44 Ethereum account key of BIP84's test mnemonic, as a wallet would export it.
const EVM_XPUB = keysFromSeed(mnemonicToSeedSync('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about')).evmAccountXpub;

describe('deposit-address keys', () => {
  it('development generates one seed into DATA_DIR and keeps it across restarts', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'bank-keys-'));
    try {
      const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir });
      const first = (await resolveDerivationKeys(config))!;
      const second = (await resolveDerivationKeys(config))!;
      expect(depositAddress(second, 'BTC', 7)).toBe(depositAddress(first, 'BTC', 7));
      expect((await readFile(path.join(dataDir, DEVELOPMENT_SEED_FILE), 'utf8')).trim()).toMatch(/^[0-9a-f]{64}$/);
      expect((await stat(path.join(dataDir, DEVELOPMENT_SEED_FILE))).mode & 0o077).toBe(0);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('production never uses a development seed; configured keys are used as given', async () => {
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://x/y', SMTP_URL: 'smtp://x', APP_URL: 'https://bank.example', APP_SECRET: '9f1c2e7a4b8d03f6e5a1c9b27d4e8f60a3b5c7d9e1f20486',
      STATEMENT_SIGNING_KEY: generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      CARD_DATA_KEY: 'c4a7e19b2f6d08a3e5b1c7f92d4a6e80b3c5d7e9f1a20486', CARD_VERIFICATION_KEY: 'e2b8d41f7a9c03e6b5d1f8a27c4e9b60d3a5c7e9b1f20487', CARD_NETWORK_SECRET: '7d1c5a9e3b8f20c4a6e1d7b93f5c8a0e2d4b6f81c3a5e709' };
    expect(await resolveDerivationKeys(loadConfig(production))).toBeNull();
    const keys = await resolveDerivationKeys(
      loadConfig({ ...production, CRYPTO_XPUB_BTC: BIP84_ZPUB, CRYPTO_XPUB_EVM: EVM_XPUB, CRYPTO_SOLANA_SEED: '00'.repeat(32) }),
    );
    expect(depositAddress(keys!, 'BTC', 0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(depositAddress(keys!, 'ETH', 0)).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    expect(() => loadConfig({ ...production, CRYPTO_XPUB_BTC: BIP84_ZPUB })).toThrow(ConfigError);
    expect(() => loadConfig({ ...production, CRYPTO_XPUB_BTC: 'xpub-not-a-key', CRYPTO_XPUB_EVM: EVM_XPUB, CRYPTO_SOLANA_SEED: '00'.repeat(32) })).toThrow(/CRYPTO_XPUB_BTC/);
  });
});
