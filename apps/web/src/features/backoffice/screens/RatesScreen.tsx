import { setRateRequestSchema, setSpreadRequestSchema, type EcbUploadResponse, type RateChangeResponse, type RateRow, type RatesResponse } from '@bank/contracts/backoffice/rates';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { FilePicker } from '../../../ui/FilePicker';
import { InputField, useFieldErrorText } from '../../../ui/FormField';
import { formatPercent } from '../../../ui/formatMoney';
import { SubmitButton } from '../../../ui/SubmitButton';
import { useSchemaForm } from '../../../ui/useSchemaForm';
import { backoffice } from '../api';
import { formatDateTime } from '../format';
import { TableHead } from '../PagedTable';
import { BackofficeScreen, Loaded, Problem } from '../parts';
import { useResource } from '../useResource';
import { useServerSubmit } from '../useServerSubmit';

/**
 * Rates per 1 EUR with their source, an operator's rate per currency, the spread and the ECB file.
 * A rate within the free band of the ECB reference holds at once; past it, any spread change and an
 * ECB file uploaded by hand wait for a second admin, and the screen says so.
 */
export function RatesScreen() {
  const { t, i18n } = useTranslation('backoffice');
  const rates = useResource(() => backoffice<RatesResponse>('GET', 'rates'), []);
  const [editing, setEditing] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const saved = (answer: RateChangeResponse) => {
    rates.replace(answer);
    setMessage(answer.approval ? t('rates.proposed') : t('rates.saved'));
  };
  return (
    <BackofficeScreen title={t('rates.title')} lead={t('rates.lead')}>
      {message ? (
        <p className="backoffice__notice" role="status">
          {message}
        </p>
      ) : null}
      <Loaded data={rates.data} error={rates.error}>
        {(data) => (
          <>
            <SpreadForm current={data.spreadBasisPoints} onSaved={saved} />
            {/* The lists' frame: a card per currency on a phone, a table where there is room. */}
            <div className="paged-table">
            <div className="paged-table__box">
            <table className="backoffice-table">
              <caption className="backoffice-table__caption">{t('rates.tableCaption')}</caption>
              <TableHead
                columns={[
                  { key: 'currency', header: t('rates.currency') },
                  { key: 'perEur', header: t('rates.perEur'), money: true },
                  { key: 'source', header: t('rates.source') },
                  { key: 'updated', header: t('rates.updated') },
                  { key: 'actions', header: t('rates.actions'), actions: true },
                ]}
              />
              <tbody>
                {data.rates.map((row) =>
                  editing === row.currency ? (
                    <RateEditRow
                      key={row.currency}
                      row={row}
                      onCancel={() => setEditing(null)}
                      onSaved={(next) => {
                        setEditing(null);
                        saved(next);
                      }}
                    />
                  ) : (
                    <tr key={row.currency} data-testid="bo-row" data-key={row.currency}>
                      <th scope="row">{row.currency}</th>
                      <td className="backoffice-table__money" data-label={t('rates.perEur')}>
                        {row.perEur}
                      </td>
                      <td data-label={t('rates.source')}>{t(`rates.sources.${row.source}`)}</td>
                      <td data-label={t('rates.updated')}>{row.rateDate ?? formatDateTime(row.updatedAt, (i18n.resolvedLanguage ?? 'en'))}</td>
                      <td className="paged-table__actions">
                        <button type="button" className="button button--secondary backoffice__small" onClick={() => setEditing(row.currency)}>
                          {t('rates.edit', { currency: row.currency })}
                        </button>
                      </td>
                    </tr>
                  ),
                )}
              </tbody>
            </table>
            </div>
            </div>
            <EcbUpload
              onUploaded={(answer) => {
                // A file uploaded by hand is a proposal: the rates stay as they are until a second admin approves it.
                const date = answer.approval.payload.date;
                setMessage(t('rates.ecbProposed', { date: typeof date === 'string' ? date : '' }));
              }}
            />
          </>
        )}
      </Loaded>
    </BackofficeScreen>
  );
}

function RateEditRow({ row, onCancel, onSaved }: { row: RateRow; onCancel: () => void; onSaved: (rates: RateChangeResponse) => void }) {
  const { t } = useTranslation('backoffice');
  const form = useSchemaForm(setRateRequestSchema, { pair: `EUR/${row.currency}`, rate: row.perEur });
  const { busy, failure, run } = useServerSubmit();
  function save(event: FormEvent) {
    event.preventDefault();
    const input = form.submit();
    if (input) void run(form, () => backoffice<RateChangeResponse>('PUT', 'rates', { body: input }), onSaved);
  }
  const formId = `rate-${row.currency}`;
  return (
    <tr>
      <th scope="row">{row.currency}</th>
      <td colSpan={3}>
        <form id={formId} onSubmit={save} noValidate className="backoffice-inline-form">
          <InputField label={t('rates.newRate', { currency: row.currency })} inputMode="decimal" required {...form.field('rate')} />
          {failure ? <Problem error={failure} /> : null}
        </form>
      </td>
      <td className="paged-table__actions">
        <div className="backoffice__actions">
          <button type="submit" form={formId} className="button backoffice__small" disabled={busy}>
            {t('save')}
          </button>
          <button type="button" className="button button--secondary backoffice__small" onClick={onCancel}>
            {t('cancel')}
          </button>
        </div>
      </td>
    </tr>
  );
}

function SpreadForm({ current, onSaved }: { current: number; onSaved: (rates: RateChangeResponse) => void }) {
  const { t, i18n } = useTranslation('backoffice');
  const form = useSchemaForm(setSpreadRequestSchema, { basisPoints: String(current) });
  const { busy, failure, run } = useServerSubmit();
  function save(event: FormEvent) {
    event.preventDefault();
    const input = form.submit();
    if (input) void run(form, () => backoffice<RateChangeResponse>('PUT', 'rates/spread', { body: input }), onSaved);
  }
  return (
    <form className="backoffice-card backoffice-inline-form" onSubmit={save} noValidate>
      <InputField
        label={t('rates.spread')}
        hint={t('rates.spreadHint', { percent: formatPercent(current, (i18n.resolvedLanguage ?? 'en'), 2) })}
        inputMode="numeric"
        required
        {...form.field('basisPoints')}
      />
      <SubmitButton busy={busy} label={t('rates.saveSpread')} busyLabel={t('busy')} />
      {failure ? <Problem error={failure} /> : null}
    </form>
  );
}

function EcbUpload({ onUploaded }: { onUploaded: (answer: EcbUploadResponse) => void }) {
  const { t } = useTranslation('backoffice');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const fieldErrorText = useFieldErrorText();
  // A refused file says why (a key under validation.ecbFile); anything else is shown as the back office shows a failed call.
  const fileProblem = failure instanceof ApiError ? failure.body?.fields?.xml : undefined;
  async function upload(event: FormEvent) {
    event.preventDefault();
    if (!file || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      onUploaded(await backoffice<EcbUploadResponse>('POST', 'rates/ecb', { body: { xml: await file.text() } }));
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="backoffice-card backoffice-inline-form" onSubmit={upload}>
      <div className="field">
        <label htmlFor="ecb-file">{t('rates.ecbFile')}</label>
        <FilePicker
          id="ecb-file"
          accept=".xml,application/xml,text/xml"
          chooseLabel={t('rates.ecbChoose')}
          chosen={file ? file.name : t('rates.ecbNoFile')}
          onChoose={(chosen) => setFile(chosen ?? null)}
        />
        {fileProblem ? (
          <span className="field__error" role="alert">
            {fieldErrorText(fileProblem)}
          </span>
        ) : failure ? (
          <Problem error={failure} />
        ) : null}
      </div>
      <SubmitButton busy={busy} label={t('rates.ecbUpload')} busyLabel={t('busy')} />
    </form>
  );
}
