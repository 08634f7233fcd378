// Proves what an operator is told when a back-office call fails: the server's own words when it
// gave a particular reason (the maker approving their own proposal), the screen's text otherwise.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { loadNamespace } from '../../locales/localeFiles';
import { EXPLAINED_REFUSALS, problemOf } from './api';

const english = loadNamespace('en', 'backoffice');

describe('problemOf', () => {
  it('shows the server’s particular reason for a refusal or a conflict', () => {
    expect(problemOf(new ApiError(403, { code: 'FORBIDDEN', message: 'You proposed this; another operator must approve it' }))).toEqual({
      key: 'errors.forbidden',
      message: 'You proposed this; another operator must approve it',
    });
    expect(problemOf(new ApiError(409, { code: 'CONFLICT', message: 'The proposal is already decided' }))).toEqual({ key: 'errors.conflict', message: 'The proposal is already decided' });
  });

  it('says a refusal it knows by its reason in the back office’s own words', () => {
    expect(problemOf(new ApiError(403, { code: 'FORBIDDEN', message: 'You made this proposal', details: { reason: 'ownProposal' } }))).toEqual({ key: 'refusals.ownProposal' });
    expect(problemOf(new ApiError(409, { code: 'CONFLICT', message: 'This proposal is already approved', details: { reason: 'decided', status: 'Approved' } }))).toEqual({ key: 'refusals.decided' });
    expect(problemOf(new ApiError(409, { code: 'CONFLICT', message: 'Something new', details: { reason: 'somethingNew' } }))).toEqual({ key: 'errors.conflict', message: 'Something new' });
  });

  it('has a text for every refusal it knows', () => {
    expect(EXPLAINED_REFUSALS.filter((reason) => !english.has(`refusals.${reason}`))).toEqual([]);
  });

  it('translates a code’s standard text rather than show it', () => {
    expect(problemOf(new ApiError(403, { code: 'FORBIDDEN', message: 'Forbidden' }))).toEqual({ key: 'errors.forbidden' });
    expect(problemOf(new ApiError(409, { code: 'CONFLICT', message: 'Conflict' }))).toEqual({ key: 'errors.conflict' });
    expect(problemOf(new ApiError(409, { code: 'EMAIL_EXISTS', message: 'Email already exist' }))).toEqual({ key: 'errors.emailExists' });
  });

  it('says that a closed client’s account takes no new money, rather than that someone acted first', () => {
    expect(problemOf(new ApiError(409, { code: 'ACCOUNT_CLOSED', message: 'The account is closed and takes no new money' }))).toEqual({ key: 'errors.accountClosed' });
    expect(english.has('errors.accountClosed')).toBe(true);
    expect(problemOf(new ApiError(409, { code: 'CONFLICT', message: 'The bank has closed this client already', details: { reason: 'alreadyClosed' } }))).toEqual({
      key: 'refusals.alreadyClosed',
    });
  });

  it('names the other failures by their kind', () => {
    expect(problemOf(new ApiError(404, null))).toEqual({ key: 'errors.notFound' });
    expect(problemOf(new ApiError(429, null))).toEqual({ key: 'errors.tooMany' });
    expect(problemOf(new ApiError(0, null))).toEqual({ key: 'errors.network' });
    expect(problemOf(new ApiError(500, { code: 'INTERNAL', message: 'Internal server error' }))).toEqual({ key: 'errors.generic' });
    expect(problemOf(new Error('boom'))).toEqual({ key: 'errors.generic' });
  });
});
