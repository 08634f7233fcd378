import { z } from 'zod';
import { CURRENCIES, type Currency } from '../money';
import { STATEMENT_LANGUAGES } from './statement-query';

/**
 * A signed statement's verification code: 12 characters of Crockford's base32 (digits and capital
 * letters without I, L, O and U, so nothing reads as something else), printed in three groups of
 * four: "7K3M-Q9XD-2HVA". 60 random bits: not guessable at the verify calls' rate limit.
 */
export const VERIFICATION_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const VERIFICATION_CODE_LENGTH = 12;
export const VERIFICATION_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

/**
 * A code as a person may type it (lower case, spaces or no dashes, O for zero, I or L for one),
 * in its printed form; null when it cannot be a code.
 */
export function normalizeVerificationCode(input: string): string | null {
  if (input.length > 40) return null;
  const bare = input
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (bare.length !== VERIFICATION_CODE_LENGTH) return null;
  const grouped = `${bare.slice(0, 4)}-${bare.slice(4, 8)}-${bare.slice(8)}`;
  return VERIFICATION_CODE_PATTERN.test(grouped) ? grouped : null;
}

/** GET /api/statement/verify/:code (public): the code as typed; a text that cannot be a code is refused. */
export const verificationCodeParamsSchema = z.object({
  code: z.string().transform((value, context) => {
    const code = normalizeVerificationCode(value);
    if (!code) context.addIssue({ code: 'custom', message: 'validation.verificationCode.invalid' });
    return code ?? '';
  }),
});

/** POST /api/statement/verify takes the PDF itself as the body (application/pdf), up to this size. */
export const VERIFY_UPLOAD_MAX_BYTES = 25 * 1024 * 1024;

/**
 * Why a statement is not genuine:
 * - `unknown`: no statement was issued under this code, or the file names no code the bank knows;
 * - `altered`: the file names a statement the bank issued, but its bytes are not the ones issued;
 * - `incomplete`: the statement's file was never completely written (its download failed);
 * - `signature`: the stored signature does not verify with the bank's current key.
 */
export const VERIFICATION_FAILURES = ['unknown', 'altered', 'incomplete', 'signature'] as const;
export type VerificationFailure = (typeof VERIFICATION_FAILURES)[number];

/** What the bank recorded of a statement when it issued it. */
export const issuedStatementSchema = z.object({
  code: z.string(),
  /** The holder's name masked: "Anna P." → "An*** P.". */
  holderMasked: z.string(),
  accountNumber: z.string(),
  currency: z.enum(CURRENCIES as [Currency, ...Currency[]]),
  /** First and last day of the period (YYYY-MM-DD, inclusive); null when open-ended. */
  period: z.object({ firstDay: z.string().nullable(), lastDay: z.string().nullable() }),
  issuedAt: z.string(),
  /** The period's balances and turnovers as the statement states them, to compare with the copy in hand. */
  openingBalance: z.string(),
  creditTurnover: z.string(),
  debitTurnover: z.string(),
  closingBalance: z.string(),
  rowCount: z.number().int(),
  language: z.enum(STATEMENT_LANGUAGES),
  /** SHA-256 of the statement's canonical content, every row (hex). */
  digest: z.string(),
  /** SHA-256 of the PDF file as issued (hex). */
  fileSha256: z.string(),
  /**
   * The text the bank signed: one line of JSON holding every fact above, the digest and the file's
   * hash. Check the signature over these exact UTF-8 bytes with the published key.
   */
  signedRecord: z.string(),
  /** Ed25519 signature of signedRecord's bytes (base64). */
  signature: z.string(),
  /** The first 16 hex digits of the SHA-256 of the signing public key (DER). */
  keyId: z.string(),
});
export type IssuedStatement = z.infer<typeof issuedStatementSchema>;

/**
 * The answer of both verify calls (always 200: a statement that is not genuine is an answer, not an
 * error). `statement` is present when the bank knows which statement is meant, genuine or not.
 */
export const statementVerificationSchema = z.discriminatedUnion('genuine', [
  z.object({ genuine: z.literal(true), statement: issuedStatementSchema }),
  z.object({ genuine: z.literal(false), reason: z.enum(VERIFICATION_FAILURES), statement: issuedStatementSchema.optional() }),
]);
export type StatementVerification = z.infer<typeof statementVerificationSchema>;

/** One key that verifies statements, as GET /.well-known/statement-signing-key lists it. */
export const statementPublicKeySchema = z.object({
  /** The first 16 hex digits of the SHA-256 of the public key's DER: the `keyId` a statement names. */
  id: z.string().regex(/^[0-9a-f]{16}$/),
  /** Ed25519, SPKI PEM. */
  publicKeyPem: z.string(),
  /** The key that signs statements now; the others signed earlier ones and only verify. */
  current: z.boolean(),
});
export type StatementPublicKey = z.infer<typeof statementPublicKeySchema>;

/**
 * GET /.well-known/statement-signing-key asked for JSON (`Accept: application/json`): the signing
 * key (as the plain answer gives it) and every published key, the signing one first.
 */
export const statementSigningKeysSchema = z.object({
  keyId: z.string(),
  publicKeyPem: z.string(),
  keys: z.array(statementPublicKeySchema),
});
export type StatementSigningKeys = z.infer<typeof statementSigningKeysSchema>;
