import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** User data as the server answers it at sign-in (SPEC §3). */
export interface UserData {
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
  accountType: 'personal' | 'business';
  clientId: string;
  email: string;
  phoneNumber: string | null;
  callPhone: string | null;
  fax: string | null;
  address: string | null;
  city: string | null;
  country: string | null;
  postCode: string | null;
  stateOrProvince: string | null;
  salutation: string | null;
  userToken: string;
  flags: { kycStatus: 'New' | 'Approved' | 'Rejected' | null };
  kycList: Array<{ kycId: string } & Record<string, unknown>>;
  phoneList: string[];
  verificationsList: { emailVerifyEnabled: boolean; twoFaVerifyEnabled: boolean; phoneVerifyEnabled: boolean };
}

export interface AccountSummary {
  number: string;
  balance: string;
  currency: string;
  key: string;
}

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
    signedIn(state, action: PayloadAction<UserData>) {
      state.user = action.payload;
      state.tokenIsValid = true;
      state.error = null;
    },
    userRefreshed(state, action: PayloadAction<Omit<UserData, 'userToken'>>) {
      state.user = { ...state.user, ...action.payload };
    },
    sessionExpired(state) {
      state.tokenIsValid = false;
    },
    /** SPEC §4 logout: token and user data cleared, account type back to personal, lists emptied. */
    signedOut() {
      return initialUserState;
    },
  },
});

export const { signedIn, userRefreshed, sessionExpired, signedOut } = userSlice.actions;
export default userSlice.reducer;
