import type { ClientSearchResponse, ClientSummary } from '@bank/contracts/backoffice/clients';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { InputField } from '../../../ui/FormField';
import { backoffice } from '../api';
import { formatDateTime } from '../format';
import { listParams, PagedTable, type Column } from '../PagedTable';
import { BackofficeScreen, StatusBadge } from '../parts';
import { useResource } from '../useResource';

/** Client search by e-mail, phone, name, company or account number (read-only); the server answers its first matches at once. */
export function ClientsScreen() {
  const { t, i18n } = useTranslation('backoffice');
  const language = i18n.resolvedLanguage ?? 'en';
  const [params, setParams] = useSearchParams();
  const query = params.get('query') ?? '';
  const [text, setText] = useState(query);
  const found = useResource(() => backoffice<ClientSearchResponse>('GET', 'clients', { query: { query } }), [query]);
  function search(event: FormEvent) {
    event.preventDefault();
    setParams(listParams({ query: text.trim() }));
  }
  const columns: Array<Column<ClientSummary>> = [
    { key: 'name', header: t('clients.name'), cell: (client) => <Link to={`/backoffice/clients/${client.clientId}`}>{client.name || client.email}</Link> },
    { key: 'email', header: t('clients.email'), cell: (client) => client.email },
    { key: 'phone', header: t('clients.phone'), cell: (client) => client.phone },
    { key: 'accountType', header: t('clients.accountType'), cell: (client) => t(`accountTypes.${client.accountType}`) },
    { key: 'kyc', header: t('clients.kyc'), cell: (client) => (client.kycStatus ? <StatusBadge status={client.kycStatus} /> : t('clients.noKyc')) },
    { key: 'since', header: t('clients.since'), cell: (client) => formatDateTime(client.createdAt, language) },
  ];
  return (
    <BackofficeScreen title={t('clients.title')} lead={t('clients.lead')}>
      <form className="backoffice-filters backoffice-inline-form" onSubmit={search} role="search">
        <InputField label={t('clients.query')} name="query" type="search" value={text} onValue={setText} />
        <button type="submit" className="button">
          {t('clients.search')}
        </button>
      </form>
      <PagedTable
        caption={t('clients.title')}
        columns={columns}
        rowKey={(client) => client.clientId}
        data={found.data}
        error={found.error}
        loading={found.loading}
        empty={t('clients.empty')}
        onRetry={found.reload}
      />
    </BackofficeScreen>
  );
}
