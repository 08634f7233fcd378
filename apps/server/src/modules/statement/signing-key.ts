import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';

/** Where a development server keeps the statement signing key it generated. */
export const DEVELOPMENT_SIGNING_KEY_FILE = 'statement-signing-key.pem';

/** A key statements were or are signed with, as published: what verifies their signatures. */
export interface PublishedStatementKey {
  publicKey: KeyObject;
  /** The public key as SPKI PEM: GET /.well-known/statement-signing-key. */
  publicKeyPem: string;
  /** The first 16 hex digits of the SHA-256 of the public key's DER: names the key a signature was made with. */
  keyId: string;
}

/** The key statements are signed with now, and what is published of it. */
export interface StatementSigningKey extends PublishedStatementKey {
  privateKey: KeyObject;
}

function publishedKeyOf(publicKey: KeyObject): PublishedStatementKey {
  const der = publicKey.export({ type: 'spki', format: 'der' });
  return {
    publicKey,
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    keyId: createHash('sha256').update(der).digest('hex').slice(0, 16),
  };
}

function signingKeyOf(privatePem: string): StatementSigningKey {
  const privateKey = createPrivateKey(privatePem);
  return { privateKey, ...publishedKeyOf(createPublicKey(privateKey)) };
}

function generatedPem(): string {
  return generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

/** A development key, generated once into DATA_DIR so statements issued before a restart still verify. */
async function developmentPem(dataDir: string): Promise<string> {
  const file = path.join(dataDir, DEVELOPMENT_SIGNING_KEY_FILE);
  try {
    return await readFile(file, 'utf8');
  } catch {
    const pem = generatedPem();
    await mkdir(dataDir, { recursive: true });
    // Another process may have written it first: then that one is the key.
    return writeFile(file, pem, { mode: 0o600, flag: 'wx' }).then(
      () => pem,
      () => readFile(file, 'utf8'),
    );
  }
}

const resolved = new WeakMap<Config, Promise<StatementSigningKey>>();
const verifying = new WeakMap<Config, Promise<PublishedStatementKey[]>>();

/**
 * The statement signing key of a configuration: the configured one (production has no other, its
 * configuration refuses to load without it); in development, one generated into DATA_DIR; in tests
 * (or an in-memory data directory), one generated in memory and kept as long as the configuration.
 */
export function statementSigningKey(config: Config): Promise<StatementSigningKey> {
  let key = resolved.get(config);
  if (!key) {
    const inMemory = config.env === 'test' || config.dataDir.startsWith('memory://');
    const pem = config.statementSigningKeyPem
      ? Promise.resolve(config.statementSigningKeyPem)
      : config.env === 'production'
        ? Promise.reject(new Error('STATEMENT_SIGNING_KEY is required in production'))
        : inMemory
          ? Promise.resolve(generatedPem())
          : developmentPem(config.dataDir);
    key = pem.then(signingKeyOf);
    resolved.set(config, key);
  }
  return key;
}

/**
 * Every key that verifies statements, the signing one first, then STATEMENT_SIGNING_KEYS_PREVIOUS's
 * in their order: after a rotation the new key signs, and statements the earlier keys signed still
 * verify. A key listed twice (or the signing key listed as previous too) appears once.
 */
export function statementVerifyingKeys(config: Config): Promise<PublishedStatementKey[]> {
  let keys = verifying.get(config);
  if (!keys) {
    keys = statementSigningKey(config).then((signing) => {
      const published: PublishedStatementKey[] = [signing];
      for (const pem of config.statementPreviousPublicKeyPems) {
        const key = publishedKeyOf(createPublicKey(pem));
        if (!published.some((known) => known.keyId === key.keyId)) published.push(key);
      }
      return published;
    });
    verifying.set(config, keys);
  }
  return keys;
}
