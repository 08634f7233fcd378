import type { ClientCard } from '@bank/contracts/backoffice/clients';
import { mayUse } from '@bank/contracts/backoffice/roles';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatAccountNumber, formatMoney } from '../../../ui/formatMoney';
import { backoffice } from '../api';
import { formatDateTime } from '../format';
import { PagedTable, type Column } from '../PagedTable';
import { BackofficeScreen, Details, Loaded, StatusBadge } from '../parts';
import { useOperatorSession } from '../session';
import { useResource } from '../useResource';
import { ClientCards } from './ClientCards';
import { ClientClosureSection } from './ClientClosure';
import { ClientDeposits } from './ClientDeposits';
import { ClientRiskSection } from './ClientRisk';
import { ClientSchedules } from './ClientSchedules';

/**
 * One client: profile, risk level with its history (and, for compliance, the proposal of a change),
 * the closure for a policy breach (as it holds, waits, or, for compliance, its proposal), KYC
 * history, accounts with balances, the latest transactions, for payments the cards with their
 * authorisations, the schedules and the deposits.
 */
export function ClientCardScreen() {
  const { t, i18n } = useTranslation('backoffice');
  const { clientId = '' } = useParams();
  const session = useOperatorSession();
  const card = useResource(() => backoffice<ClientCard>('GET', `clients/${encodeURIComponent(clientId)}`), [clientId]);
  const language = i18n.resolvedLanguage ?? 'en';
  const accountColumns: Array<Column<ClientCard['accounts'][number]>> = [
    { key: 'account', header: t('clients.account'), cell: (account) => formatAccountNumber(account.number) },
    { key: 'booked', header: t('clients.booked'), money: true, cell: (account) => formatMoney(account.balance, account.currency, language) },
    { key: 'available', header: t('clients.available'), money: true, cell: (account) => formatMoney(account.available, account.currency, language) },
  ];
  const transactionColumns: Array<Column<ClientCard['transactions'][number]>> = [
    { key: 'number', header: t('payments.number'), cell: (row) => row.transactionNumber },
    { key: 'created', header: t('payments.created'), cell: (row) => formatDateTime(new Date(row.created * 1000).toISOString(), language) },
    { key: 'direction', header: t('clients.direction'), cell: (row) => t(`clients.directions.${row.direction}`) },
    { key: 'recipient', header: t('payments.recipient'), cell: (row) => row.recipient },
    { key: 'amount', header: t('payments.amount'), money: true, cell: (row) => formatMoney(row.amount, row.currency, language) },
    { key: 'status', header: t('payments.status'), cell: (row) => <StatusBadge status={row.transactionStatus} /> },
  ];
  return (
    <BackofficeScreen title={t('clients.cardTitle')} actions={<Link to="/backoffice/clients">{t('clients.backToSearch')}</Link>}>
      <Loaded data={card.data} error={card.error}>
        {({ client, kyc, accounts, transactions, risk, closure }) => (
          <>
            <h2 className="backoffice__subheading">{client.name || client.email}</h2>
            <Details
              rows={[
                [t('clients.clientNumber'), client.clientNumber],
                [t('clients.email'), `${client.email} · ${client.emailVerified ? t('clients.verified') : t('clients.notVerified')}`],
                [t('clients.phone'), client.phone],
                [t('clients.accountType'), t(`accountTypes.${client.accountType}`)],
                [t('clients.kyc'), client.kycStatus ? <StatusBadge status={client.kycStatus} /> : t('clients.noKyc')],
                [t('clients.risk.level'), <StatusBadge status={`risk.${risk.level}`} />],
                [t('clients.address'), [client.address, client.city, client.postCode, client.country].filter(Boolean).join(', ')],
                [t('clients.since'), formatDateTime(client.createdAt, language)],
              ]}
            />
            <ClientRiskSection clientId={clientId} risk={risk} onProposed={card.reload} />
            <ClientClosureSection clientId={clientId} closure={closure} onProposed={card.reload} />
            <h2 className="backoffice__subheading">{t('clients.accounts')}</h2>
            <PagedTable
              caption={t('clients.accounts')}
              columns={accountColumns}
              rowKey={(account) => account.number}
              data={{ items: accounts }}
              empty={t('clients.noAccounts')}
            />
            <h2 className="backoffice__subheading">{t('clients.kycHistory')}</h2>
            {kyc.length === 0 ? (
              <p className="backoffice__muted">{t('clients.noKyc')}</p>
            ) : (
              <ul className="backoffice-list">
                {kyc.map((record) => (
                  <li key={record.kycId}>
                    <StatusBadge status={record.status} /> {formatDateTime(record.createdAt, language)}
                    {record.rejectionReason ? ` · ${record.rejectionReason}` : ''}
                  </li>
                ))}
              </ul>
            )}
            <h2 className="backoffice__subheading">{t('clients.transactions')}</h2>
            <PagedTable
              caption={t('clients.transactions')}
              columns={transactionColumns}
              rowKey={(row) => `${row.transactionNumber}-${row.accountNumber}`}
              data={{ items: transactions }}
              empty={t('clients.noTransactions')}
            />
            {session && mayUse(session.operator.roles, 'payments') ? <ClientCards clientId={clientId} /> : null}
            <ClientSchedules clientId={clientId} />
            <ClientDeposits clientId={clientId} />
          </>
        )}
      </Loaded>
    </BackofficeScreen>
  );
}
