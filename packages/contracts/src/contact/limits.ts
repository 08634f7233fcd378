import { LIMITS } from '../protocol';

/**
 * Limits of the contact form's fields, apart from the schema so the web form can set its input
 * lengths without loading the schema library.
 */
export const CONTACT_FIELD_LIMITS = {
  name: LIMITS.maxShortText,
  /** RFC 5321: a forward path holds at most 254 characters. */
  email: 254,
  phone: 40,
  message: LIMITS.maxLongText,
} as const;

/** The largest body the endpoint reads: every field at its limit, in multi-byte characters, fits. */
export const CONTACT_BODY_LIMIT_BYTES = 32 * 1024;

