// Proves how the user state learns that the bank has closed the client: from the user data, or from a
// call refused with CLIENT_CLOSED; and that the KYC status, set apart, never drops the mark.
import type { KycRecord } from '@bank/contracts/kyc/kyc-record';
import type { UserData } from '@bank/contracts/users/user-data';
import { describe, expect, it } from 'vitest';
import reducer, { clientClosureNoticed, initialUserState, kycListLoaded, kycSubmitted, selectClosedByBank, selectKycStatus, userRefreshed, type UserState } from './userSlice';

const withUser = (user: UserState) => ({ user });
const me = (flags: UserData['flags']) => ({ firstName: 'Anna', userToken: 'fresh', flags }) as UserData;

describe('the closed-by-bank mark', () => {
  it('comes with the user data, and goes with it', () => {
    const closed = reducer(initialUserState, userRefreshed(me({ kycStatus: 'Approved', closedByBank: true })));
    expect(selectClosedByBank(withUser(closed))).toBe(true);
    const reopened = reducer(closed, userRefreshed(me({ kycStatus: 'Approved', closedByBank: false })));
    expect(selectClosedByBank(withUser(reopened))).toBe(false);
    expect(selectClosedByBank(withUser(initialUserState))).toBe(false);
  });

  it('is set by a call refused with CLIENT_CLOSED, keeping the KYC status', () => {
    const identified = reducer(initialUserState, userRefreshed(me({ kycStatus: 'Approved' })));
    const closed = reducer(identified, clientClosureNoticed());
    expect(selectClosedByBank(withUser(closed))).toBe(true);
    expect(selectKycStatus(withUser(closed))).toBe('Approved');
  });

  it('survives a KYC list or submission, which set the KYC status alone', () => {
    const closed = reducer(initialUserState, userRefreshed(me({ kycStatus: 'New', closedByBank: true })));
    const listed = reducer(closed, kycListLoaded([{ status: 'Approved' } as KycRecord]));
    expect(selectKycStatus(withUser(listed))).toBe('Approved');
    expect(selectClosedByBank(withUser(listed))).toBe(true);
    expect(selectClosedByBank(withUser(reducer(closed, kycSubmitted())))).toBe(true);
  });
});
