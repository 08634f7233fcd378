import type { ClientCard } from '@bank/contracts/backoffice/clients';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatAccountNumber, formatMoney } from '../../../ui/formatMoney';
import { backoffice } from '../api';
import { formatDateTime } from '../format';
import { BackofficeScreen, Details, Loaded, StatusBadge } from '../parts';
import { useResource } from '../useResource';

/** One client: profile, KYC history, accounts with balances and the latest transactions (read-only). */
export function ClientCardScreen() {
  const { t, i18n } = useTranslation('backoffice');
  const { clientId = '' } = useParams();
  const card = useResource(() => backoffice<ClientCard>('GET', `clients/${encodeURIComponent(clientId)}`), [clientId]);
  return (
    <BackofficeScreen title={t('clients.cardTitle')} actions={<Link to="/backoffice/clients">{t('clients.backToSearch')}</Link>}>
      <Loaded data={card.data} error={card.error}>
        {({ client, kyc, accounts, transactions }) => (
          <>
            <h2 className="backoffice__subheading">{client.name || client.email}</h2>
            <Details
              rows={[
                [t('clients.clientNumber'), client.clientNumber],
                [t('clients.email'), `${client.email} · ${client.emailVerified ? t('clients.verified') : t('clients.notVerified')}`],
                [t('clients.phone'), client.phone],
                [t('clients.accountType'), t(`accountTypes.${client.accountType}`)],
                [t('clients.kyc'), client.kycStatus ? <StatusBadge status={client.kycStatus} /> : t('clients.noKyc')],
                [t('clients.address'), [client.address, client.city, client.postCode, client.country].filter(Boolean).join(', ')],
                [t('clients.since'), formatDateTime(client.createdAt, (i18n.resolvedLanguage ?? 'en'))],
              ]}
            />
            <h2 className="backoffice__subheading">{t('clients.accounts')}</h2>
            {accounts.length === 0 ? (
              <p className="backoffice__muted">{t('clients.noAccounts')}</p>
            ) : (
              <table className="backoffice-table">
                <thead>
                  <tr>
                    <th scope="col">{t('clients.account')}</th>
                    <th scope="col" className="backoffice-table__money">{t('clients.booked')}</th>
                    <th scope="col" className="backoffice-table__money">{t('clients.available')}</th>
                  </tr>
                </thead>
                <tbody>
                  {accounts.map((account) => (
                    <tr key={account.number}>
                      <td>{formatAccountNumber(account.number)}</td>
                      <td className="backoffice-table__money">{formatMoney(account.balance, account.currency, (i18n.resolvedLanguage ?? 'en'))}</td>
                      <td className="backoffice-table__money">{formatMoney(account.available, account.currency, (i18n.resolvedLanguage ?? 'en'))}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            <h2 className="backoffice__subheading">{t('clients.kycHistory')}</h2>
            {kyc.length === 0 ? (
              <p className="backoffice__muted">{t('clients.noKyc')}</p>
            ) : (
              <ul className="backoffice-list">
                {kyc.map((record) => (
                  <li key={record.kycId}>
                    <StatusBadge status={record.status} /> {formatDateTime(record.createdAt, (i18n.resolvedLanguage ?? 'en'))}
                    {record.rejectionReason ? ` · ${record.rejectionReason}` : ''}
                  </li>
                ))}
              </ul>
            )}
            <h2 className="backoffice__subheading">{t('clients.transactions')}</h2>
            {transactions.length === 0 ? (
              <p className="backoffice__muted">{t('clients.noTransactions')}</p>
            ) : (
              <table className="backoffice-table">
                <thead>
                  <tr>
                    <th scope="col">{t('payments.number')}</th>
                    <th scope="col">{t('payments.created')}</th>
                    <th scope="col">{t('clients.direction')}</th>
                    <th scope="col">{t('payments.recipient')}</th>
                    <th scope="col" className="backoffice-table__money">{t('payments.amount')}</th>
                    <th scope="col">{t('payments.status')}</th>
                  </tr>
                </thead>
                <tbody>
                  {transactions.map((row) => (
                    <tr key={`${row.transactionNumber}-${row.accountNumber}`}>
                      <td>{row.transactionNumber}</td>
                      <td>{formatDateTime(new Date(row.created * 1000).toISOString(), (i18n.resolvedLanguage ?? 'en'))}</td>
                      <td>{t(`clients.directions.${row.direction}`)}</td>
                      <td>{row.recipient}</td>
                      <td className="backoffice-table__money">{formatMoney(row.amount, row.currency, (i18n.resolvedLanguage ?? 'en'))}</td>
                      <td>
                        <StatusBadge status={row.transactionStatus} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </>
        )}
      </Loaded>
    </BackofficeScreen>
  );
}
