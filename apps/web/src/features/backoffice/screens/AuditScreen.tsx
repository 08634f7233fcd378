import type { AuditResponse } from '@bank/contracts/backoffice/audit';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { InputField } from '../../../ui/FormField';
import { backoffice } from '../api';
import { describeChange, formatDateTime } from '../format';
import { BackofficeScreen, Loaded, Pager } from '../parts';
import { useResource } from '../useResource';

/** The append-only trail of who did what, when, with the state before and after (read-only). */
export function AuditScreen() {
  const { t, i18n } = useTranslation('backoffice');
  const [params, setParams] = useSearchParams();
  const subject = params.get('subject') ?? '';
  const actor = params.get('actor') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [filters, setFilters] = useState({ subject, actor });
  const trail = useResource(() => backoffice<AuditResponse>('GET', 'audit', { query: { subject, actor, page } }), [subject, actor, page]);
  function apply(event: FormEvent) {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (filters.subject.trim()) next.subject = filters.subject.trim();
    if (filters.actor.trim()) next.actor = filters.actor.trim();
    setParams(next);
  }
  return (
    <BackofficeScreen title={t('audit.title')} lead={t('audit.lead')}>
      <form className="backoffice-filters backoffice-inline-form" onSubmit={apply}>
        <InputField label={t('audit.subject')} name="subject" value={filters.subject} onValue={(value) => setFilters((current) => ({ ...current, subject: value }))} />
        <InputField label={t('audit.actor')} name="actor" value={filters.actor} onValue={(value) => setFilters((current) => ({ ...current, actor: value }))} />
        <button type="submit" className="button">
          {t('audit.apply')}
        </button>
      </form>
      <Loaded data={trail.data} error={trail.error}>
        {(data) =>
          data.items.length === 0 ? (
            <p className="backoffice__muted">{t('audit.empty')}</p>
          ) : (
            <>
              <table className="backoffice-table">
                <thead>
                  <tr>
                    <th scope="col">{t('audit.at')}</th>
                    <th scope="col">{t('audit.who')}</th>
                    <th scope="col">{t('audit.action')}</th>
                    <th scope="col">{t('audit.subjectColumn')}</th>
                    <th scope="col">{t('audit.change')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((entry) => (
                    <tr key={entry.id}>
                      <td>{formatDateTime(entry.at, (i18n.resolvedLanguage ?? 'en'))}</td>
                      <td>
                        {t(`audit.actorTypes.${entry.actorType}`)}
                        {entry.actorName ? <div className="backoffice__muted">{entry.actorName}</div> : null}
                      </td>
                      <td>
                        <code>{entry.action}</code>
                      </td>
                      <td>
                        {entry.subjectType ?? '—'}
                        {entry.subjectId ? <div className="backoffice__muted backoffice__id">{entry.subjectId}</div> : null}
                      </td>
                      <td>
                        <ul className="backoffice-change">
                          {describeChange(entry.before, entry.after).map((line) => (
                            <li key={line}>{line}</li>
                          ))}
                        </ul>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={(next) => setParams({ ...(subject ? { subject } : {}), ...(actor ? { actor } : {}), page: String(next) })} />
            </>
          )
        }
      </Loaded>
    </BackofficeScreen>
  );
}
