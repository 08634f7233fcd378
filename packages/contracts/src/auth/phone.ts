import { isPossiblePhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';

/**
 * A phone number in international format (+ and country code). Stored in E.164 form so the same
 * number typed with spaces or dashes is recognised as taken.
 */
export const phoneSchema = z
  .string({ error: 'validation.phone.required' })
  .trim()
  .min(1, { error: 'validation.phone.required' })
  .max(32, { error: 'validation.phone.invalid' })
  .refine((phone) => /^\+[\d\s().-]+$/.test(phone) && isPossiblePhoneNumber(phone), { error: 'validation.phone.invalid' })
  .transform((phone) => parsePhoneNumberFromString(phone)?.number ?? phone);
