import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidBitcoinAddress, isValidCryptoAddress, isValidEvmAddress, isValidSolanaAddress, toChecksumAddress } from './addresses';

// Published examples: EIP-55's own test addresses, BIP-173/BIP-350 valid and invalid mainnet
// addresses, and well-known Solana program and wallet keys.
const EIP55 = [
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
];
const BITCOIN = [
  'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
  'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3',
  'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
  'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
];
const SOLANA = ['11111111111111111111111111111111', 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 'EPjFWdd5AufqSSqeM2qdxkCGT9xXNHpxCtR6BjH6Mb1T'];

describe('address checks', () => {
  it('writes and accepts EIP-55 checksums, and all-lowercase hex', () => {
    for (const address of EIP55) {
      expect(toChecksumAddress(address.toLowerCase())).toBe(address);
      expect(isValidEvmAddress(address)).toBe(true);
      expect(isValidEvmAddress(address.toLowerCase())).toBe(true);
    }
    expect(isValidEvmAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false);
    expect(isValidEvmAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA')).toBe(false);
    expect(isValidEvmAddress('5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
  });

  it('accepts mainnet SegWit addresses and refuses other networks, versions and broken checksums', () => {
    for (const address of BITCOIN) expect(isValidBitcoinAddress(address), address).toBe(true);
    for (const address of [
      'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', // testnet
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', // checksum
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh', // bech32m for version 0
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd', // bech32 for version 1
      'bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs', // version 2
      'bc1qw508d6qejxtdg4y5r3zArvary0c5xw7kv8f3t4', // mixed case
      '1BoatSLRHtKNngkdXEeobR76b53LETtpyT', // legacy base58: not a SegWit deposit address
    ]) {
      expect(isValidBitcoinAddress(address), address).toBe(false);
    }
  });

  it('accepts 32-byte base58 keys for Solana only', () => {
    for (const address of SOLANA) expect(isValidSolanaAddress(address), address).toBe(true);
    expect(isValidSolanaAddress('0OIl1111111111111111111111111111')).toBe(false);
    expect(isValidSolanaAddress('1111111111111111111111111111111')).toBe(false);
  });

  it('checks each coin against its own network', () => {
    expect(isValidCryptoAddress('BTC', BITCOIN[0]!)).toBe(true);
    expect(isValidCryptoAddress('BTC', EIP55[0]!)).toBe(false);
    for (const coin of ['ETH', 'USDT', 'USDC', 'BNB'] as const) {
      expect(isValidCryptoAddress(coin, EIP55[0]!)).toBe(true);
      expect(isValidCryptoAddress(coin, SOLANA[1]!)).toBe(false);
    }
    expect(isValidCryptoAddress('SOL', SOLANA[1]!)).toBe(true);
    expect(isValidCryptoAddress('SOL', BITCOIN[0]!)).toBe(false);
  });

  it('refuses any single-character change of a checksummed address', () => {
    const alphabet = '023456789acdefghjklmnpqrstuvwxyz';
    fc.assert(
      fc.property(fc.constantFrom(...BITCOIN.filter((address) => address === address.toLowerCase())), fc.nat(), fc.nat(), (address, at, pick) => {
        const position = 4 + (at % (address.length - 4));
        const replacement = alphabet[pick % alphabet.length]!;
        fc.pre(replacement !== address[position]);
        const mutated = address.slice(0, position) + replacement + address.slice(position + 1);
        return !isValidBitcoinAddress(mutated);
      }),
    );
    fc.assert(
      fc.property(fc.constantFrom(...EIP55), fc.nat(), (address, at) => {
        // Flipping the case of one letter breaks EIP-55.
        const letters = [...address.slice(2)].map((character, index) => [character, index + 2] as const).filter(([character]) => /[a-fA-F]/.test(character));
        const [character, position] = letters[at % letters.length]!;
        const flipped = character === character.toUpperCase() ? character.toLowerCase() : character.toUpperCase();
        return !isValidEvmAddress(address.slice(0, position) + flipped + address.slice(position + 1));
      }),
    );
  });
});
