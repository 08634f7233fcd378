import { Provider } from 'react-redux';
import { Outlet } from 'react-router';
import { PersistGate } from 'redux-persist/integration/react';
import { PageLoader } from '../ui/PageLoader';
import { persistor, store } from './store';

/** Provides the persisted store to the screens that use it (auth, cabinet, back office). */
export function Component() {
  return (
    <Provider store={store}>
      <PersistGate loading={<PageLoader />} persistor={persistor}>
        <Outlet />
      </PersistGate>
    </Provider>
  );
}
