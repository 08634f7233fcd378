import type { AuditEntry, AuditResponse } from '@bank/contracts/backoffice/audit';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { InputField } from '../../../ui/FormField';
import { backoffice } from '../api';
import { describeChange, formatDateTime } from '../format';
import { listParams, pageFromParams, PagedTable, type Column } from '../PagedTable';
import { BackofficeScreen } from '../parts';
import { useResource } from '../useResource';

/** The append-only trail of who did what, when, with the state before and after (read-only). */
export function AuditScreen() {
  const { t, i18n } = useTranslation('backoffice');
  const language = i18n.resolvedLanguage ?? 'en';
  const [params, setParams] = useSearchParams();
  const subject = params.get('subject') ?? '';
  const actor = params.get('actor') ?? '';
  const page = pageFromParams(params);
  const [filters, setFilters] = useState({ subject, actor });
  const trail = useResource(() => backoffice<AuditResponse>('GET', 'audit', { query: { subject, actor, page } }), [subject, actor, page]);
  function apply(event: FormEvent) {
    event.preventDefault();
    setParams(listParams({ subject: filters.subject.trim(), actor: filters.actor.trim() }));
  }
  const columns: Array<Column<AuditEntry>> = [
    { key: 'at', header: t('audit.at'), cell: (entry) => formatDateTime(entry.at, language) },
    {
      key: 'who',
      header: t('audit.who'),
      cell: (entry) => (
        <>
          {t(`audit.actorTypes.${entry.actorType}`)}
          {entry.actorName ? <div className="backoffice__muted">{entry.actorName}</div> : null}
        </>
      ),
    },
    { key: 'action', header: t('audit.action'), cell: (entry) => <code>{entry.action}</code> },
    {
      key: 'subject',
      header: t('audit.subjectColumn'),
      cell: (entry) => (
        <>
          {entry.subjectType ?? '—'}
          {entry.subjectId ? <div className="backoffice__muted backoffice__id">{entry.subjectId}</div> : null}
        </>
      ),
    },
    {
      key: 'change',
      header: t('audit.change'),
      cell: (entry) => (
        <ul className="backoffice-change">
          {describeChange(entry.before, entry.after).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ),
    },
  ];
  return (
    <BackofficeScreen title={t('audit.title')} lead={t('audit.lead')}>
      <form className="backoffice-filters backoffice-inline-form" onSubmit={apply}>
        <InputField label={t('audit.subject')} name="subject" value={filters.subject} onValue={(value) => setFilters((current) => ({ ...current, subject: value }))} />
        <InputField label={t('audit.actor')} name="actor" value={filters.actor} onValue={(value) => setFilters((current) => ({ ...current, actor: value }))} />
        <button type="submit" className="button">
          {t('audit.apply')}
        </button>
      </form>
      <PagedTable
        caption={t('audit.title')}
        columns={columns}
        rowKey={(entry) => entry.id}
        data={trail.data}
        error={trail.error}
        loading={trail.loading}
        empty={t('audit.empty')}
        onRetry={trail.reload}
        onPage={(next) => setParams(listParams({ subject, actor }, next))}
      />
    </BackofficeScreen>
  );
}
