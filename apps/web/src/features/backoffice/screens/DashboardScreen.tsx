import type { BackofficeSummary } from '@bank/contracts/backoffice/summary';
import { mayUse, type BackofficeArea } from '@bank/contracts/backoffice/roles';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { backoffice } from '../api';
import { BackofficeScreen, Loaded } from '../parts';
import { useOperatorSession } from '../session';
import { useResource } from '../useResource';

const TILES: ReadonlyArray<{ count: keyof BackofficeSummary; path: string; area: BackofficeArea }> = [
  { count: 'approvalsPending', path: '/backoffice/approvals', area: 'overview' },
  { count: 'kycNew', path: '/backoffice/kyc', area: 'kyc' },
  { count: 'paymentsNew', path: '/backoffice/payments?status=New', area: 'payments' },
  { count: 'paymentsProcessing', path: '/backoffice/payments?status=Processing', area: 'payments' },
  { count: 'contactUnhandled', path: '/backoffice/contact-messages', area: 'overview' },
];

/** What waits in each queue the operator may work on. */
export function DashboardScreen() {
  const { t } = useTranslation('backoffice');
  const session = useOperatorSession();
  const summary = useResource(() => backoffice<BackofficeSummary>('GET', 'summary'), []);
  const tiles = TILES.filter((tile) => session && mayUse(session.operator.roles, tile.area));
  return (
    <BackofficeScreen title={t('dashboard.title')} lead={t('dashboard.lead', { name: session?.operator.name ?? '' })}>
      <Loaded data={summary.data} error={summary.error}>
        {(data) => (
          <ul className="backoffice-tiles">
            {tiles.map((tile) => (
              <li key={tile.count}>
                <Link to={tile.path} className="backoffice-tile">
                  <span className="backoffice-tile__count" data-testid={`bo-count-${tile.count}`}>
                    {data[tile.count]}
                  </span>
                  <span className="backoffice-tile__label">{t(`dashboard.${tile.count}`)}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Loaded>
    </BackofficeScreen>
  );
}
