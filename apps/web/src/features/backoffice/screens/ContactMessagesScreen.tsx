import type { ContactMessage, ContactMessagesResponse } from '@bank/contracts/backoffice/contact-messages';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { backoffice } from '../api';
import { formatDateTime } from '../format';
import { BackofficeScreen, Loaded, Pager } from '../parts';
import { useResource } from '../useResource';

/** The public site's messages, newest first, each marked handled by whoever answered it. */
export function ContactMessagesScreen() {
  const { t, i18n } = useTranslation('backoffice');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const messages = useResource(() => backoffice<ContactMessagesResponse>('GET', 'contact-messages', { query: { page } }), [page]);
  async function markHandled(message: ContactMessage) {
    await backoffice<ContactMessage>('POST', `contact-messages/${message.id}/handled`).catch(() => undefined);
    messages.reload();
  }
  return (
    <BackofficeScreen title={t('contact.title')} lead={t('contact.lead')}>
      <Loaded data={messages.data} error={messages.error}>
        {(data) =>
          data.items.length === 0 ? (
            <p className="backoffice__muted">{t('contact.empty')}</p>
          ) : (
            <>
              <ul className="backoffice-messages">
                {data.items.map((message) => (
                  <li key={message.id} className="backoffice-card" data-testid="bo-row" data-key={message.id}>
                    <div className="backoffice-messages__head">
                      <strong>{message.name}</strong>
                      <span>
                        <a href={`mailto:${message.email}`}>{message.email}</a> · {message.phone}
                      </span>
                      <span className="backoffice__muted">{formatDateTime(message.receivedAt, (i18n.resolvedLanguage ?? 'en'))}</span>
                    </div>
                    <p className="backoffice-messages__text">{message.message ?? t('contact.callBack')}</p>
                    {message.handledAt ? (
                      <p className="backoffice__muted">{t('contact.handledBy', { name: message.handledBy ?? '—', at: formatDateTime(message.handledAt, (i18n.resolvedLanguage ?? 'en')) })}</p>
                    ) : (
                      <button type="button" className="button button--secondary backoffice__small" onClick={() => void markHandled(message)}>
                        {t('contact.markHandled')}
                      </button>
                    )}
                  </li>
                ))}
              </ul>
              <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={(next) => setParams({ page: String(next) })} />
            </>
          )
        }
      </Loaded>
    </BackofficeScreen>
  );
}
