import { base58, bech32, bech32m } from '@scure/base';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { CryptoCurrency } from '../money/currencies';
import { CRYPTO_NETWORKS } from './networks';

/**
 * Address checks per network, shared by server and web, with audited libraries (@scure/base for
 * bech32 and base58, @noble/hashes for Keccak-256): an address of the wrong network or with a
 * broken checksum is refused before anything moves.
 */

/** EIP-55: the mixed-case checksum of a 20-byte hex address. */
export function toChecksumAddress(address: string): string {
  const hex = address.replace(/^0x/i, '').toLowerCase();
  if (!/^[0-9a-f]{40}$/.test(hex)) throw new Error('Not a 20-byte hex address');
  const hash = bytesToHex(keccak_256(utf8ToBytes(hex)));
  let result = '0x';
  for (let index = 0; index < 40; index += 1) {
    result += parseInt(hash[index]!, 16) >= 8 ? hex[index]!.toUpperCase() : hex[index]!;
  }
  return result;
}

/** An EVM address: all-lowercase (or all-uppercase) hex carries no checksum; mixed case must match EIP-55. */
export function isValidEvmAddress(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const body = address.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return toChecksumAddress(address) === address;
}

/** A Bitcoin mainnet SegWit address: bech32 version 0 (20- or 32-byte program) or bech32m version 1 (taproot, 32 bytes). */
export function isValidBitcoinAddress(address: string): boolean {
  if (address.length > 90 || (address !== address.toLowerCase() && address !== address.toUpperCase())) return false;
  const lower = address.toLowerCase();
  if (!lower.startsWith('bc1')) return false;
  for (const [codec, version] of [[bech32, 0], [bech32m, 1]] as const) {
    try {
      const decoded = codec.decode(lower as `${string}1${string}`);
      const [witnessVersion, ...words] = decoded.words;
      if (decoded.prefix !== 'bc' || witnessVersion !== version) continue;
      const program = codec.fromWords(words);
      if (version === 0 && (program.length === 20 || program.length === 32)) return true;
      if (version === 1 && program.length === 32) return true;
    } catch {
      // Not this encoding (or a broken checksum): try the other.
    }
  }
  return false;
}

/** A Solana address: the base58 text of a 32-byte ed25519 public key. */
export function isValidSolanaAddress(address: string): boolean {
  if (address.length < 32 || address.length > 44) return false;
  try {
    return base58.decode(address).length === 32;
  } catch {
    return false;
  }
}

export function isValidCryptoAddress(currency: CryptoCurrency, address: string): boolean {
  switch (CRYPTO_NETWORKS[currency].addressFormat) {
    case 'bech32':
      return isValidBitcoinAddress(address);
    case 'evm':
      return isValidEvmAddress(address);
    case 'base58':
      return isValidSolanaAddress(address);
  }
}

/** Whether a text is a valid address of any coin's network (a wallet named where an account could be). */
export function isCryptoAddressOfAnyNetwork(address: string): boolean {
  return isValidBitcoinAddress(address) || isValidEvmAddress(address) || isValidSolanaAddress(address);
}

/**
 * The one spelling of an address under which the bank stores and finds it: EIP-55 for the EVM
 * networks (whatever case the client typed), lower case for bech32, base58 as it is (its case is
 * meaningful). Call it only on an address valid for the coin.
 */
export function canonicalAddress(currency: CryptoCurrency, address: string): string {
  switch (CRYPTO_NETWORKS[currency].addressFormat) {
    case 'evm':
      return toChecksumAddress(address);
    case 'bech32':
      return address.toLowerCase();
    case 'base58':
      return address;
  }
}
