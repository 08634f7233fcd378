import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { loadChunk } from '../app/lazy';

export type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON };

/**
 * The browser's passkey ceremonies (WebAuthn). The library that runs them is fetched only when a
 * ceremony is about to start (or the pointer rests on the button that starts one), never with the
 * first page: most visitors never use it.
 */
let library: ReturnType<typeof importLibrary> | undefined;
const importLibrary = () => loadChunk(() => import('@simplewebauthn/browser'));

/** Starts fetching the library, so that a click a moment later does not wait for it. */
export function preloadWebAuthn(): void {
  library ??= importLibrary();
  // A failed fetch is tried again by the ceremony itself.
  library.catch(() => (library = undefined));
}

async function webAuthn() {
  library ??= importLibrary();
  try {
    return await library;
  } catch (error) {
    library = undefined;
    throw error;
  }
}

/** Whether this browser can use passkeys at all. */
export function webAuthnAvailable(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** navigator.credentials.create() with the server's options: a new passkey. */
export async function createPasskey(optionsJSON: PublicKeyCredentialCreationOptionsJSON): Promise<RegistrationResponseJSON> {
  return (await webAuthn()).startRegistration({ optionsJSON });
}

/** navigator.credentials.get() with the server's options: the person picks one of their passkeys. */
export async function authenticateWithPasskey(optionsJSON: PublicKeyCredentialRequestOptionsJSON): Promise<AuthenticationResponseJSON> {
  return (await webAuthn()).startAuthentication({ optionsJSON });
}

/**
 * How a ceremony that threw ended, for the words shown: the person cancelled it or let it time out
 * (the browser cannot tell the two apart, on purpose), the authenticator already holds a passkey of
 * this account, the browser has no passkeys, or something else went wrong.
 */
export function ceremonyFailure(error: unknown): 'cancelled' | 'alreadyRegistered' | 'unsupported' | 'failed' {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError') return 'cancelled';
  if (name === 'InvalidStateError') return 'alreadyRegistered';
  if (name === 'NotSupportedError' || !webAuthnAvailable()) return 'unsupported';
  return 'failed';
}
