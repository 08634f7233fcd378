import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, persistReducer, persistStore } from 'redux-persist';
import storage from 'redux-persist/lib/storage';
import balanceChartsReducer from '../features/accounts/balanceChartsSlice';
import userReducer from '../features/auth/userSlice';
import cryptoTransactionsReducer from '../features/crypto/cryptoTransactionsSlice';
import currencyReducer from '../features/exchange/currencySlice';
import transactionsReducer from '../features/statement/transactionsSlice';
import { PERSIST_KEY } from './persistKey';

export { PERSIST_KEY };
/** docs/product.md#data: the persisted state is restored with a 5000 ms time-out. */
export const PERSIST_TIMEOUT_MS = 5000;

const rootReducer = combineReducers({
  user: userReducer,
  transactions: transactionsReducer,
  cryptoTransactions: cryptoTransactionsReducer,
  currency: currencyReducer,
  balanceCharts: balanceChartsReducer,
});

const persistedReducer = persistReducer({ key: PERSIST_KEY, storage, timeout: PERSIST_TIMEOUT_MS }, rootReducer);

export const store = configureStore({
  reducer: persistedReducer,
  middleware: (getDefaultMiddleware) =>
    getDefaultMiddleware({ serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] } }),
});
export const persistor = persistStore(store);

export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = typeof store.dispatch;

/**
 * Settles once the persisted state is restored (or its time-out has passed): the screens that use
 * the store wait for it before they first render (router.tsx), so that first render already shows
 * the restored state, in the browser as when the page was pre-rendered.
 */
export const restored = new Promise<void>((resolve) => {
  const settleIfRestored = () => {
    if (!persistor.getState().bootstrapped) return;
    unsubscribe();
    resolve();
  };
  const unsubscribe = persistor.subscribe(settleIfRestored);
  settleIfRestored();
});
