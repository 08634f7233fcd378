import { z } from 'zod';
import { currentPasswordSchema } from './fields';
import { secondFactorCodeSchema } from './two-factor';

/**
 * Passkeys (WebAuthn) of clients. Added in the settings with the password (a stolen session alone
 * cannot add a lasting way in), then the browser's ceremony; named, renamed and removed there. On
 * the sign-in page a passkey alone signs the client in: the authenticator verifies the person (PIN
 * or biometrics) and the credential is discoverable, so no e-mail is typed.
 *
 * The options the server answers are WebAuthn's own JSON forms (PublicKeyCredentialCreationOptionsJSON
 * and PublicKeyCredentialRequestOptionsJSON), handed to the browser as they are; the browser's
 * answers come back in the JSON forms below, every part bounded.
 */

/** At most this many passkeys per client: a person has a few devices and a security key or two. */
export const MAX_PASSKEYS_PER_CLIENT = 20;
export const PASSKEY_NAME_MAX_LENGTH = 64;

export const passkeyNameSchema = z
  .string({ error: 'validation.passkeyName.required' })
  .trim()
  .min(1, { error: 'validation.passkeyName.required' })
  .max(PASSKEY_NAME_MAX_LENGTH, { error: 'validation.text.tooLong' });

const invalid = { error: 'validation.invalid' } as const;
/** base64url text of at most `maxLength` characters, as WebAuthn's JSON forms carry bytes. */
const base64url = (maxLength: number) => z.string(invalid).min(1, invalid).max(maxLength, invalid).regex(/^[A-Za-z0-9_-]+$/, invalid);

/** A credential id is at most 1023 bytes (WebAuthn §5.1): 1364 characters of base64url. */
const credentialIdSchema = base64url(1364);

const credentialBase = {
  id: credentialIdSchema,
  rawId: credentialIdSchema,
  type: z.literal('public-key', invalid),
  authenticatorAttachment: z.enum(['platform', 'cross-platform'], invalid).optional(),
  /** No extension is asked for, so none is read; the browser may still send an empty object. */
  clientExtensionResults: z.object({}).optional().transform(() => ({})),
};

/** What navigator.credentials.create() answered, as JSON (RegistrationResponseJSON). */
export const registrationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(16_384),
    authenticatorData: base64url(8192).optional(),
    transports: z.array(z.string(invalid).max(32, invalid), invalid).max(8, invalid).optional(),
    publicKeyAlgorithm: z.number(invalid).int(invalid).optional(),
    publicKey: base64url(8192).optional(),
  }),
});

/** What navigator.credentials.get() answered, as JSON (AuthenticationResponseJSON). */
export const authenticationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(8192),
    signature: base64url(8192),
    /** The user handle is at most 64 bytes (WebAuthn §5.4.3). */
    userHandle: base64url(86).optional(),
  }),
});

/**
 * POST /api/user/passkeys/options: the password and, for a client with an authenticator app, a
 * code from it (or a recovery code): a passkey then signs in without the app, so adding one takes
 * every factor the client has. Answers the creation options.
 */
export const passkeyOptionsRequestSchema = z.object({ password: currentPasswordSchema, code: secondFactorCodeSchema.optional() });

/** POST /api/user/passkeys: the passkey's name and the browser's answer; answers the passkey. */
export const passkeyCreateRequestSchema = z.object({ name: passkeyNameSchema, response: registrationResponseSchema });

/** PATCH /api/user/passkeys/:id */
export const passkeyRenameRequestSchema = z.object({ name: passkeyNameSchema });
export const passkeyIdParamsSchema = z.object({ id: z.uuid({ error: 'validation.invalid' }) });

export const passkeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
  /** Synced by the platform (iCloud Keychain, Google Password Manager): it survives a lost device. */
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** GET /api/user/passkeys, newest first. */
export const passkeysResponseSchema = z.object({ passkeys: z.array(passkeySchema).max(MAX_PASSKEYS_PER_CLIENT) });
export type PasskeysResponse = z.infer<typeof passkeysResponseSchema>;

/** POST /api/login/passkey (after POST /api/login/passkey/options): answers the user data, as POST /api/login does. */
export const passkeySignInRequestSchema = z.object({ response: authenticationResponseSchema });
