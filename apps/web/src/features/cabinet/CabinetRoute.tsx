import { Navigate, useLocation, useParams } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { cabinetAnchors, paths } from '../../app/paths';
import { NotFound } from '../../ui/NotFound';
import { selectUserToken } from '../auth';
import { CabinetShell } from './CabinetShell';

/** docs/product.md#screens-and-routes: the only child route of the cabinet, showing the accounts screen. */
export const CURRENCY_ACCOUNTS_CHILD = 'currencyAccounts';

/**
 * /kabinet behind the route guard (docs/product.md#states): without a user token in the stored user state the
 * client is sent to /login, replacing the history entry.
 */
export function Component() {
  const token = useAppSelector(selectUserToken);
  const child = useParams()['*'] ?? '';
  const { hash } = useLocation();
  if (!token) return <Navigate to={paths.login} replace />;
  if (child !== '' && child !== CURRENCY_ACCOUNTS_CHILD) return <NotFound />;
  const initialScreen = child === CURRENCY_ACCOUNTS_CHILD ? 'accounts' : hash === `#${cabinetAnchors.sessions}` ? 'settings' : null;
  return <CabinetShell initialScreen={initialScreen} />;
}
