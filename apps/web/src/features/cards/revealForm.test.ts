// Proves the step-up before a card's details show: the password always, the authenticator's code
// only for a client who uses one, the bank's `code` errors under the code field with the
// authenticator's own wording, and the wait after a 429 in whole minutes.
import { describe, expect, it } from 'vitest';
import { retryAfterMinutes, revealFieldErrors, revealFormSchema, revealRequestOf } from './revealForm';

const messages = (withApp: boolean, values: { password: string; totpCode: string }) => {
  const parsed = revealFormSchema(withApp).safeParse(values);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('revealFormSchema', () => {
  it('asks every client for the password', () => {
    expect(messages(false, { password: '', totpCode: '' })).toEqual({ password: 'validation.password.required' });
    expect(messages(false, { password: 'Secret123', totpCode: '' })).toEqual({});
  });

  it('asks for the six-digit code only where the authenticator is on', () => {
    expect(messages(true, { password: 'Secret123', totpCode: '' })).toEqual({ totpCode: 'validation.totpCode.required' });
    expect(messages(true, { password: 'Secret123', totpCode: '12345' })).toEqual({ totpCode: 'validation.totpCode.invalid' });
    expect(messages(true, { password: 'Secret123', totpCode: '123456' })).toEqual({});
  });
});

describe('revealRequestOf', () => {
  it('sends the code only where the authenticator is on', () => {
    expect(revealRequestOf({ password: 'p', totpCode: '123456' }, false)).toEqual({ password: 'p' });
    expect(revealRequestOf({ password: 'p', totpCode: ' 123456 ' }, true)).toEqual({ password: 'p', totpCode: '123456' });
  });
});

describe('revealFieldErrors', () => {
  it('puts a wrong password under the password', () => {
    expect(revealFieldErrors({ password: 'validation.password.wrongCurrent' })).toEqual({ password: ['validation.password.wrongCurrent'] });
  });

  it('puts the bank’s code errors under the code field, a missing code in the authenticator’s words', () => {
    expect(revealFieldErrors({ code: 'validation.totpCode.wrong' })).toEqual({ totpCode: ['validation.totpCode.wrong'] });
    expect(revealFieldErrors({ code: 'validation.code.required' })).toEqual({ totpCode: ['validation.totpCode.required'] });
  });

  it('leaves out fields the form does not have', () => {
    expect(revealFieldErrors({ _: 'validation.invalid' })).toEqual({});
    expect(revealFieldErrors(undefined)).toEqual({});
  });
});

describe('retryAfterMinutes', () => {
  it('rounds the bank’s wait up to whole minutes, and says nothing when it gave none', () => {
    expect(retryAfterMinutes({ code: 'TOO_MANY_REQUESTS', message: 'x', details: { retryAfterSeconds: 61 } })).toBe(2);
    expect(retryAfterMinutes({ code: 'TOO_MANY_REQUESTS', message: 'x', details: { retryAfterSeconds: 1 } })).toBe(1);
    expect(retryAfterMinutes({ code: 'TOO_MANY_REQUESTS', message: 'x' })).toBeNull();
    expect(retryAfterMinutes(null)).toBeNull();
  });
});
