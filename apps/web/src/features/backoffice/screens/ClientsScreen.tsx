import type { ClientSearchResponse } from '@bank/contracts/backoffice/clients';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { InputField } from '../../../ui/FormField';
import { backoffice } from '../api';
import { formatDateTime } from '../format';
import { BackofficeScreen, Loaded, StatusBadge } from '../parts';
import { useResource } from '../useResource';

/** Client search by e-mail, phone, name, company or account number (read-only). */
export function ClientsScreen() {
  const { t, i18n } = useTranslation('backoffice');
  const [params, setParams] = useSearchParams();
  const query = params.get('query') ?? '';
  const [text, setText] = useState(query);
  const found = useResource(() => backoffice<ClientSearchResponse>('GET', 'clients', { query: { query } }), [query]);
  function search(event: FormEvent) {
    event.preventDefault();
    setParams(text.trim() ? { query: text.trim() } : {});
  }
  return (
    <BackofficeScreen title={t('clients.title')} lead={t('clients.lead')}>
      <form className="backoffice-filters backoffice-inline-form" onSubmit={search} role="search">
        <InputField label={t('clients.query')} name="query" type="search" value={text} onValue={setText} />
        <button type="submit" className="button">
          {t('clients.search')}
        </button>
      </form>
      <Loaded data={found.data} error={found.error}>
        {(data) =>
          data.items.length === 0 ? (
            <p className="backoffice__muted">{t('clients.empty')}</p>
          ) : (
            <table className="backoffice-table">
              <thead>
                <tr>
                  <th scope="col">{t('clients.name')}</th>
                  <th scope="col">{t('clients.email')}</th>
                  <th scope="col">{t('clients.phone')}</th>
                  <th scope="col">{t('clients.accountType')}</th>
                  <th scope="col">{t('clients.kyc')}</th>
                  <th scope="col">{t('clients.since')}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((client) => (
                  <tr key={client.clientId} data-testid="bo-row" data-key={client.clientId}>
                    <td>
                      <Link to={`/backoffice/clients/${client.clientId}`}>{client.name || client.email}</Link>
                    </td>
                    <td>{client.email}</td>
                    <td>{client.phone}</td>
                    <td>{t(`accountTypes.${client.accountType}`)}</td>
                    <td>{client.kycStatus ? <StatusBadge status={client.kycStatus} /> : t('clients.noKyc')}</td>
                    <td>{formatDateTime(client.createdAt, (i18n.resolvedLanguage ?? 'en'))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </Loaded>
    </BackofficeScreen>
  );
}
