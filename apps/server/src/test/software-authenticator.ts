import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { encodeCBOR, type CBORType } from '@levischuck/tiny-cbor';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';

/**
 * A passkey authenticator in software, for tests: it makes ES256 (P-256) credentials and answers
 * the two ceremonies exactly as a browser hands an authenticator's answers to a site (WebAuthn's
 * JSON forms), with 'none' attestation. It keeps its credentials (discoverable: each remembers its
 * relying party and user handle) and a signature counter per credential. Each answer may be bent
 * (another origin or relying party, the person not verified, another user handle) to test refusals.
 */
export interface CeremonyOverrides {
  origin?: string;
  rpId?: string;
  /** The person was not verified (no PIN or biometrics): only the user-present flag is set. */
  userVerified?: boolean;
  /** The user handle to answer with instead of the credential's own (base64url). */
  userHandle?: string;
  /** The counter to report instead of the next one. */
  signCount?: number;
}

interface StoredCredential {
  id: string;
  privateKey: KeyObject;
  rpId: string;
  userHandle: string;
  signCount: number;
}

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_CREDENTIAL_DATA = 0x40;
/** COSE (RFC 9053): key type EC2, algorithm ES256, curve P-256. */
const COSE = { kty: 1, alg: 3, crv: -1, x: -2, y: -3, EC2: 2, ES256: -7, P256: 1 } as const;

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const base64url = (data: Uint8Array) => Buffer.from(data).toString('base64url');

function uint32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
}

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');
}

/** Authenticator data: the relying party's hash, the flags and the counter (WebAuthn §6.1). */
function authenticatorData(rpId: string, flags: number, signCount: number, attested?: Buffer): Buffer {
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), uint32(signCount), ...(attested ? [attested] : [])]);
}

/** The public key as a COSE_Key map. */
function coseKey(privateKey: KeyObject): Uint8Array {
  const jwk = privateKey.export({ format: 'jwk' });
  return encodeCBOR(
    new Map<number, number | Uint8Array>([
      [COSE.kty, COSE.EC2],
      [COSE.alg, COSE.ES256],
      [COSE.crv, COSE.P256],
      [COSE.x, Buffer.from(jwk.x!, 'base64url')],
      [COSE.y, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
}

export class SoftwareAuthenticator {
  readonly credentials: StoredCredential[] = [];

  constructor(private readonly origin: string) {}

  /** Answers navigator.credentials.create(): a new credential for the options' relying party and user. */
  register(options: PublicKeyCredentialCreationOptionsJSON, overrides: CeremonyOverrides = {}): RegistrationResponseJSON {
    const rpId = overrides.rpId ?? options.rp.id!;
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const credentialId = randomBytes(32);
    const credential: StoredCredential = { id: base64url(credentialId), privateKey, rpId, userHandle: options.user.id, signCount: 0 };
    this.credentials.push(credential);
    const attested = Buffer.concat([Buffer.alloc(16), Buffer.from([0, credentialId.length]), credentialId, coseKey(privateKey)]);
    const flags = FLAG_USER_PRESENT | (overrides.userVerified === false ? 0 : FLAG_USER_VERIFIED) | FLAG_ATTESTED_CREDENTIAL_DATA;
    const attestationObject = encodeCBOR(
      new Map<string, CBORType>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, CBORType>()],
        ['authData', authenticatorData(rpId, flags, 0, attested)],
      ]),
    );
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON: base64url(clientData('webauthn.create', options.challenge, overrides.origin ?? this.origin)),
        attestationObject: base64url(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /**
   * Answers navigator.credentials.get() with a discoverable credential: the given one, else the last
   * one made for the options' relying party. The counter moves on by one.
   */
  authenticate(options: PublicKeyCredentialRequestOptionsJSON, credentialId?: string, overrides: CeremonyOverrides = {}): AuthenticationResponseJSON {
    const credential = credentialId
      ? this.credentials.find((stored) => stored.id === credentialId)
      : this.credentials.filter((stored) => stored.rpId === options.rpId).at(-1);
    if (!credential) throw new Error('No credential for this relying party');
    credential.signCount = overrides.signCount ?? credential.signCount + 1;
    const flags = FLAG_USER_PRESENT | (overrides.userVerified === false ? 0 : FLAG_USER_VERIFIED);
    const data = authenticatorData(overrides.rpId ?? credential.rpId, flags, credential.signCount);
    const client = clientData('webauthn.get', options.challenge, overrides.origin ?? this.origin);
    const signature = sign('sha256', Buffer.concat([data, sha256(client)]), credential.privateKey);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON: base64url(client),
        authenticatorData: base64url(data),
        signature: base64url(signature),
        userHandle: overrides.userHandle ?? credential.userHandle,
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}
