import { toChecksumAddress } from '@bank/contracts/crypto/addresses';
import { CRYPTO_NETWORKS } from '@bank/contracts/crypto/networks';
import type { CryptoCurrency } from '@bank/contracts';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { HDKey } from '@scure/bip32';
import { base58, bech32 } from '@scure/base';
import { HDKey as Ed25519HDKey } from 'micro-key-producer/slip10.js';

/**
 * Deposit addresses, derived deterministically with audited libraries: BIP32 (@scure/bip32) from
 * account-level extended public keys for the secp256k1 networks (BIP84 m/84'/0'/0' for Bitcoin,
 * BIP44 m/44'/60'/0' for Ethereum and BNB Smart Chain), then the receive chain 0 and the wallet's
 * index; SLIP-0010 (micro-key-producer) for Solana, whose ed25519 keys derive only hardened, at
 * m/44'/501'/index'/0'. The server holds public keys for Bitcoin and the EVM chains, so it can
 * make addresses but never spend from them.
 */
export interface DerivationKeys {
  /** Account extended public key at m/84'/0'/0' (xpub or zpub). */
  bitcoinAccountXpub: string;
  /** Account extended public key at m/44'/60'/0'. */
  evmAccountXpub: string;
  /** SLIP-0010 seed for the Solana deposit keys. */
  solanaSeed: Uint8Array;
}

/** zpub (BIP84) version bytes: the same key as an xpub with another prefix. */
const ZPUB_VERSIONS = { private: 0x04b2430c, public: 0x04b24746 };

function accountKey(extendedKey: string): HDKey {
  return HDKey.fromExtendedKey(extendedKey, extendedKey.startsWith('zpub') ? ZPUB_VERSIONS : undefined);
}

/** P2WPKH: bech32 of version 0 and HASH160 of the compressed public key. */
export function bitcoinAddressOf(compressedPublicKey: Uint8Array): string {
  return bech32.encode('bc', [0, ...bech32.toWords(ripemd160(sha256(compressedPublicKey)))]);
}

/** The EIP-55 address of a secp256k1 public key: the last 20 bytes of Keccak-256 of the uncompressed point. */
export function evmAddressOf(publicKey: Uint8Array): string {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  return toChecksumAddress(bytesToHex(keccak_256(uncompressed.subarray(1)).subarray(-20)));
}

export function solanaAddressOf(publicKey: Uint8Array): string {
  return base58.encode(publicKey);
}

function receiveKey(account: HDKey, index: number): Uint8Array {
  const key = account.deriveChild(0).deriveChild(index).publicKey;
  if (!key) throw new Error('No public key derived');
  return key;
}

/** The deposit address of a wallet: its coin's network, its own index (never reused). */
export function depositAddress(keys: DerivationKeys, currency: CryptoCurrency, index: number): string {
  if (!Number.isSafeInteger(index) || index < 0 || index >= 0x80000000) throw new Error(`Bad derivation index ${index}`);
  switch (CRYPTO_NETWORKS[currency].addressFormat) {
    case 'bech32':
      return bitcoinAddressOf(receiveKey(accountKey(keys.bitcoinAccountXpub), index));
    case 'evm':
      return evmAddressOf(receiveKey(accountKey(keys.evmAccountXpub), index));
    case 'base58':
      return solanaAddressOf(Ed25519HDKey.fromMasterSeed(keys.solanaSeed).derive(`m/44'/501'/${index}'/0'`).publicKeyRaw);
  }
}

/** Development keys from one random seed (production supplies the account keys instead). */
export function keysFromSeed(seed: Uint8Array): DerivationKeys {
  const root = HDKey.fromMasterSeed(seed);
  return {
    bitcoinAccountXpub: root.derive("m/84'/0'/0'").publicExtendedKey,
    evmAccountXpub: root.derive("m/44'/60'/0'").publicExtendedKey,
    solanaSeed: seed,
  };
}

declare module '../../deps' {
  interface AppDeps {
    /** Keys of the wallets' deposit addresses; null when none are configured (production), and wallets cannot be opened. */
    cryptoKeys: DerivationKeys | null;
  }
}
