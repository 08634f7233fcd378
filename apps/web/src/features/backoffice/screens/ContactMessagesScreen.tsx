import type { ContactMessage, ContactMessagesResponse } from '@bank/contracts/backoffice/contact-messages';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { backoffice } from '../api';
import { formatDateTime } from '../format';
import { listParams, pageFromParams, PagedTable, type Column } from '../PagedTable';
import { BackofficeScreen, Problem } from '../parts';
import { useResource } from '../useResource';

/** The public site's messages, newest first, each marked handled by whoever answered it. */
export function ContactMessagesScreen() {
  const { t, i18n } = useTranslation('backoffice');
  const language = i18n.resolvedLanguage ?? 'en';
  const [params, setParams] = useSearchParams();
  const page = pageFromParams(params);
  const messages = useResource(() => backoffice<ContactMessagesResponse>('GET', 'contact-messages', { query: { page } }), [page]);
  const [failure, setFailure] = useState<unknown>(null);
  async function markHandled(message: ContactMessage) {
    setFailure(null);
    try {
      await backoffice<ContactMessage>('POST', `contact-messages/${message.id}/handled`);
    } catch (error) {
      setFailure(error);
    }
    messages.reload();
  }
  const columns: Array<Column<ContactMessage>> = [
    { key: 'received', header: t('contact.received'), cell: (message) => formatDateTime(message.receivedAt, language) },
    {
      key: 'from',
      header: t('contact.from'),
      cell: (message) => (
        <>
          <strong>{message.name}</strong>
          <div>
            <a href={`mailto:${message.email}`}>{message.email}</a>
          </div>
          <div>{message.phone}</div>
        </>
      ),
    },
    { key: 'message', header: t('contact.message'), cell: (message) => <span className="backoffice__text">{message.message ?? t('contact.callBack')}</span> },
    {
      key: 'handled',
      header: t('contact.handled'),
      cell: (message) =>
        message.handledAt ? (
          <span className="backoffice__muted">{t('contact.handledBy', { name: message.handledBy ?? '—', at: formatDateTime(message.handledAt, language) })}</span>
        ) : (
          <button type="button" className="button button--secondary backoffice__small" onClick={() => void markHandled(message)}>
            {t('contact.markHandled')}
          </button>
        ),
    },
  ];
  return (
    <BackofficeScreen title={t('contact.title')} lead={t('contact.lead')}>
      {failure ? <Problem error={failure} /> : null}
      <PagedTable
        caption={t('contact.title')}
        columns={columns}
        rowKey={(message) => message.id}
        data={messages.data}
        error={messages.error}
        loading={messages.loading}
        empty={t('contact.empty')}
        onRetry={messages.reload}
        onPage={(next) => setParams(listParams({}, next))}
      />
    </BackofficeScreen>
  );
}
