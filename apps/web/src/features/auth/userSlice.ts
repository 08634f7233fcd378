import type { KycRecord } from '@bank/contracts/kyc/kyc-record';
import type { UserData } from '@bank/contracts/users/user-data';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** User data as the server answers it at sign-in and from GET /api/user/me (docs/product.md#data). */
export type { UserData };

export interface AccountSummary {
  number: string;
  balance: string;
  currency: string;
  key: string;
  /** Booked balance (settled postings only) where it differs from the available `balance`. */
  bookedBalance?: string;
}

/** Client-side user state (docs/product.md#data). */
export interface UserState {
  error: string | null;
  user: Partial<UserData> & { accountType: 'personal' | 'business' };
  registrationWasSuccess: boolean;
  accountsList: AccountSummary[];
  walletsList: AccountSummary[];
  isLoading: boolean;
  disabled: boolean;
  tokenIsValid: boolean;
}

export const initialUserState: UserState = {
  error: null,
  user: { accountType: 'personal' },
  registrationWasSuccess: false,
  accountsList: [],
  walletsList: [],
  isLoading: false,
  disabled: true,
  tokenIsValid: true,
};

const userSlice = createSlice({
  name: 'user',
  initialState: initialUserState,
  reducers: {
    /** docs/product.md#states: the answer of the final sign-in becomes the user data. */
    signedIn(state, action: PayloadAction<UserData>) {
      state.user = action.payload;
      state.tokenIsValid = true;
      state.error = null;
    },
    /** Registration step 1 succeeded: the code screen follows. */
    registrationSucceeded(state) {
      state.registrationWasSuccess = true;
    },
    /** Fresh user data from GET /api/user/me; the token stays the one signed in with. */
    userRefreshed(state, action: PayloadAction<UserData>) {
      const { userToken: _sameToken, ...data } = action.payload;
      state.user = { ...state.user, ...data };
    },
    /** The KYC list loaded when the cabinet menu opens; the latest submission decides the status. */
    kycListLoaded(state, action: PayloadAction<KycRecord[]>) {
      state.user.kycList = action.payload;
      const latest = action.payload[0];
      if (latest) state.user.flags = { ...state.user.flags, kycStatus: latest.status };
    },
    /** docs/product.md#states: after a successful KYC submission the in-process state is set locally. */
    kycSubmitted(state) {
      state.user.flags = { ...state.user.flags, kycStatus: 'New' };
    },
    /**
     * A call answered 403 CLIENT_CLOSED: the bank has closed the client since the user data was read
     * (docs/bank-controls.md#closing-a-client), and the cabinet shows the closure alone from now on.
     */
    clientClosureNoticed(state) {
      state.user.flags = { kycStatus: state.user.flags?.kycStatus ?? null, closedByBank: true };
    },
    /** docs/product.md#states: the loading flag is set around the account-list fetch. */
    accountsRequested(state) {
      state.isLoading = true;
      state.error = null;
    },
    accountsLoaded(state, action: PayloadAction<AccountSummary[]>) {
      state.isLoading = false;
      state.accountsList = action.payload;
    },
    /** docs/product.md#errors-and-messages: the accounts screen shows 'Error loading accounts' with this message. */
    accountsLoadFailed(state, action: PayloadAction<string>) {
      state.isLoading = false;
      state.error = action.payload;
    },
    /** docs/product.md#states: the loading flag is set around the wallet-list fetch too. */
    walletsRequested(state) {
      state.isLoading = true;
    },
    walletsLoaded(state, action: PayloadAction<AccountSummary[]>) {
      state.isLoading = false;
      state.walletsList = action.payload;
    },
    /**
     * The wallet list did not load. `error` stays the accounts' ('Error loading accounts', docs/product.md#errors-and-messages),
     * so the wallets screen keeps its own failure; the list shown stays the last one loaded.
     */
    walletsLoadFailed(state) {
      state.isLoading = false;
    },
    /** docs/product.md#states: an answer 'Invalid authorization data' marks the session invalid (the modal opens). */
    sessionExpired(state) {
      state.tokenIsValid = false;
    },
    /** Logout (docs/product.md#states): token and user data cleared, account type back to personal, lists emptied. */
    signedOut() {
      return initialUserState;
    },
  },
});

export const { signedIn, registrationSucceeded, userRefreshed, kycListLoaded, kycSubmitted, clientClosureNoticed, sessionExpired, signedOut } =
  userSlice.actions;
export const { accountsRequested, accountsLoaded, accountsLoadFailed } = userSlice.actions;
export const { walletsRequested, walletsLoaded, walletsLoadFailed } = userSlice.actions;
export default userSlice.reducer;

type WithUser = { user: UserState };
export const selectUser = (state: WithUser) => state.user.user;
export const selectUserToken = (state: WithUser) => state.user.user.userToken ?? null;
export const selectKycStatus = (state: WithUser) => state.user.user.flags?.kycStatus ?? null;
/** The bank has closed the client for a breach of its policy: the cabinet shows only the closure. */
export const selectClosedByBank = (state: WithUser) => state.user.user.flags?.closedByBank === true;
export const selectTokenIsValid = (state: WithUser) => state.user.tokenIsValid;
