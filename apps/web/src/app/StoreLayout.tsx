import { useTranslation } from 'react-i18next';
import { Provider } from 'react-redux';
import { Outlet } from 'react-router';
import { PersistGate } from 'redux-persist/integration/react';
import { PageLoader } from '../ui/PageLoader';
import { persistor, store } from './store';

/** Provides the persisted store to the screens that use it (auth, cabinet, back office). */
export function Component() {
  // Validation texts are needed by every form below; loading them with the layout means a field
  // error appearing later never suspends the tree and resets what the client has typed.
  useTranslation(['common', 'validation']);
  return (
    <Provider store={store}>
      <PersistGate loading={<PageLoader />} persistor={persistor}>
        <Outlet />
      </PersistGate>
    </Provider>
  );
}
