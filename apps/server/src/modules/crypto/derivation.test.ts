import { isValidCryptoAddress } from '@bank/contracts/crypto/addresses';
import { CRYPTO_CURRENCIES } from '@bank/contracts';
import { hexToBytes } from '@noble/hashes/utils.js';
import { mnemonicToSeedSync } from '@scure/bip39';
import { HDKey as Ed25519HDKey } from 'micro-key-producer/slip10.js';
import { describe, expect, it } from 'vitest';
import { depositAddress, keysFromSeed, solanaAddressOf } from './derivation';

// Published vectors: BIP84's (zpub and first receive addresses of the "abandon … about" mnemonic),
// the widely published BIP44 Ethereum address of the same mnemonic (EIP-55 written), SLIP-0010's
// ed25519 test vector 1, and Solana's m/44'/501'/0'/0' address of the same mnemonic.
const MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const BIP84_ZPUB = 'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';

describe('deposit address derivation', () => {
  const seed = mnemonicToSeedSync(MNEMONIC);
  const keys = keysFromSeed(seed);

  it('BIP84: the zpub and its receive addresses', () => {
    const fromZpub = { ...keys, bitcoinAccountXpub: BIP84_ZPUB };
    expect(depositAddress(fromZpub, 'BTC', 0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(depositAddress(fromZpub, 'BTC', 1)).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
    // The seed's own account key gives the same addresses.
    expect(depositAddress(keys, 'BTC', 0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
  });

  it('BIP44 Ethereum: m/44\'/60\'/0\'/0/0, EIP-55 written; BNB Smart Chain shares the path', () => {
    expect(depositAddress(keys, 'ETH', 0)).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    expect(depositAddress(keys, 'USDT', 0)).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    expect(depositAddress(keys, 'BNB', 0)).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
  });

  it("SLIP-0010 ed25519 vector 1, and Solana's m/44'/501'/0'/0'", () => {
    const master = Ed25519HDKey.fromMasterSeed(hexToBytes('000102030405060708090a0b0c0d0e0f'));
    expect(Buffer.from(master.derive("m/0'").publicKeyRaw).toString('hex')).toBe('8c8a13df77a28f3445213a0f432fde644acaa215fc72dcdf300d5efaa85d350c');
    expect(depositAddress(keys, 'SOL', 0)).toBe('HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk');
    expect(solanaAddressOf(master.derive("m/0'").publicKeyRaw)).toHaveLength(44);
  });

  it('gives every index its own valid address on each network', () => {
    for (const currency of CRYPTO_CURRENCIES) {
      const addresses = new Set([0, 1, 2, 1000].map((index) => depositAddress(keys, currency, index)));
      expect(addresses.size, currency).toBe(4);
      for (const address of addresses) expect(isValidCryptoAddress(currency, address), `${currency} ${address}`).toBe(true);
    }
  });
});
