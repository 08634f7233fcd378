import { ApiError } from '../../lib/api';

/**
 * The translation key (auth namespace) of the popup text for a failed sign-in call (docs/product.md#errors-and-messages):
 * "check your data" for a refusal, "try later" when throttled, a server error otherwise. An
 * authenticator the bank can no longer read says so: the client turns it off with a recovery code.
 */
export function signInErrorKey(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.body?.code === 'AUTHENTICATOR_RESET_REQUIRED') return 'errors.authenticatorResetRequired';
    if (error.status === 429) return 'errors.tooMany';
    if (error.status >= 400 && error.status < 500) return 'errors.checkData';
  }
  return 'errors.server';
}

/** Registration answers (docs/product.md#errors-and-messages): the three 409 texts, any other 409, and everything else. */
export function registrationErrorKey(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 409) {
      switch (error.body?.message) {
        case 'Email already exist':
          return 'errors.emailExists';
        case 'Phone already exist':
          return 'errors.phoneExists';
        case 'Invalid password':
          return 'errors.invalidPassword';
        default:
          return 'errors.conflict';
      }
    }
    if (error.status === 429) return 'errors.tooMany';
    if (error.status === 400) return 'errors.checkData';
  }
  return 'errors.server';
}
