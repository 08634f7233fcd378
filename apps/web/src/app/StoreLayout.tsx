import { useTranslation } from 'react-i18next';
import { Provider } from 'react-redux';
import { Outlet } from 'react-router';
import { store } from './store';

export { restored } from './store';

/**
 * Provides the persisted store to the screens that use it (auth, cabinet, back office). The route
 * renders only once the stored state is restored (router.tsx), so a screen's first render is the
 * same in the browser as in its pre-rendered page, instead of a loader in place of the page.
 */
export function Component() {
  // Validation texts are needed by every form below; loading them with the layout means a field
  // error appearing later never suspends the tree and resets what the client has typed.
  useTranslation(['common', 'validation']);
  return (
    <Provider store={store}>
      <Outlet />
    </Provider>
  );
}
