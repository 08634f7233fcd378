import { hasBankFormatCode, isCurrency } from '@bank/contracts/money/currencies';
import type { StatementRow } from '@bank/contracts/statement/statement-row';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../app/i18n';
import { useAppSelector } from '../../app/hooks';
import { apiRequest } from '../../lib/api';
import { PageLoader } from '../../ui/PageLoader';
import { selectUserToken } from '../auth';
import { downloadStatementFile, fetchRowsForPrint, PAGE_SIZE, type StatementFileFormat } from './statementApi';
import { StatementFilters } from './StatementFilters';
import { StatementPagination } from './StatementPagination';
import { StatementPrint } from './StatementPrint';
import { RowsLoadFailed } from './StatementRows';
import { StatementSummary } from './StatementSummary';
import { StatementTable } from './StatementTable';
import { TemplatesPanel } from './TemplatesPanel';
import { selectStatementFilters } from './transactionsSlice';
import { useStatementPage } from './useStatementPage';
import './statement.css';
import './statementPrint.css';

/** docs/product.md#tariffs-and-limits: the print dialog opens 500 ms after the rows to print are on the page. */
export const PRINT_DELAY_MS = 500;

type AccountOption = { number: string; currency: string };

/** The client's accounts for the account filter: those the overview loaded, else asked for here. */
function useAccounts(token: string | null): AccountOption[] {
  const loaded = useAppSelector((state) => state.user.accountsList);
  const [fetched, setFetched] = useState<AccountOption[]>([]);
  useEffect(() => {
    if (loaded.length > 0 || !token) return;
    let current = true;
    apiRequest<AccountOption[]>('GET', 'account/list', { token })
      .then((accounts) => current && setFetched(accounts))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [loaded.length, token]);
  return loaded.length > 0 ? loaded : fetched;
}

/** The statements of one account in other formats: the signed PDF and the bank formats. */
const ACCOUNT_FORMATS = [
  { format: 'pdf', label: 'export.signedPdf', bankFormat: false },
  { format: 'camt053', label: 'export.camt053', bankFormat: true },
  { format: 'mt940', label: 'export.mt940', bankFormat: true },
] as const satisfies ReadonlyArray<{ format: StatementFileFormat; label: string; bankFormat: boolean }>;

interface PrintRows {
  rows: StatementRow[];
  complete: boolean;
}

/**
 * The statement tab of the Accounts screen (docs/product.md#screens-and-routes): every filter, the period's balances from
 * the ledger, 8 rows a page with page controls, CSV download and PDF through the print dialog, and
 * for one account the signed PDF and the bank formats camt.053 and MT940.
 * The Accounts screen loads this module lazily, with its translations and stylesheet.
 * `readOnly` (a client the bank has closed, docs/bank-controls.md#closing-a-client): the statement
 * to read and download, without the saved templates or the rows' actions, whose calls are refused.
 */
export function StatementTab({ readOnly = false }: { readOnly?: boolean }) {
  const { t } = useTranslation('statement');
  const token = useAppSelector(selectUserToken);
  const filters = useAppSelector(selectStatementFilters);
  const accounts = useAccounts(token);
  const view = useStatementPage(token, filters);
  const [printRows, setPrintRows] = useState<PrintRows | null>(null);
  const [exporting, setExporting] = useState<StatementFileFormat | 'print' | null>(null);
  const [exportProblem, setExportProblem] = useState<'export.failed' | 'export.chooseAccount' | null>(null);

  // Rows fetched for printing belong to the filters they were fetched for; so does a problem shown.
  useEffect(() => {
    setPrintRows(null);
    setExportProblem(null);
  }, [filters]);

  // The bank formats take ISO currency codes: a token account (USDT) is offered the PDF only.
  const chosenCurrency = accounts.find((account) => account.number === filters.accountNumber)?.currency;
  const bankFormatsFit = !chosenCurrency || !isCurrency(chosenCurrency) || hasBankFormatCode(chosenCurrency);
  const page = view.page;
  const rows = page?.rows ?? [];
  const noData = page !== null && page.total === 0;

  const exportable = (): boolean => {
    if (noData) {
      window.alert(t('noData'));
      return false;
    }
    return page !== null;
  };

  const download = async (format: StatementFileFormat) => {
    if (!exportable()) return;
    // The signed PDF and the bank formats are statements of one account.
    if (format !== 'csv' && !filters.accountNumber) return setExportProblem('export.chooseAccount');
    setExporting(format);
    setExportProblem(null);
    try {
      await downloadStatementFile(token, filters, currentLanguage(), format);
    } catch {
      setExportProblem('export.failed');
    } finally {
      setExporting(null);
    }
  };

  const printPdf = async () => {
    if (!exportable()) return;
    setExporting('print');
    setExportProblem(null);
    try {
      const fetched = await fetchRowsForPrint(token, filters);
      setPrintRows({ rows: fetched.rows, complete: fetched.complete });
      // docs/product.md#tariffs-and-limits: the dialog opens after 500 ms, once the printed rows are laid out.
      setTimeout(() => window.print(), PRINT_DELAY_MS);
    } catch {
      setExportProblem('export.failed');
    } finally {
      setExporting(null);
    }
  };

  return (
    <section className="statement" aria-labelledby="statement-title">
      <div className="statement__screen">
        <div className="statement__head row-spread">
          <h2 id="statement-title">{t('title')}</h2>
          <div className="statement__exports">
            <button type="button" className="button button--secondary" onClick={() => void download('csv')} disabled={exporting !== null || page === null}>
              {exporting === 'csv' ? t('export.preparing') : t('export.csv')}
            </button>
            <button type="button" className="button" onClick={() => void printPdf()} disabled={exporting !== null || page === null}>
              {exporting === 'print' ? t('export.preparing') : t('export.pdf')}
            </button>
          </div>
        </div>
        <div className="statement__formats" role="group" aria-labelledby="statement-formats-label">
          <span id="statement-formats-label" className="statement__formats-label">
            {t('export.accountFormats')}
          </span>
          {ACCOUNT_FORMATS.filter(({ bankFormat }) => !bankFormat || bankFormatsFit).map(({ format, label }) => (
            <button
              key={format}
              type="button"
              className="link-button"
              onClick={() => void download(format)}
              disabled={exporting !== null || page === null}
            >
              {exporting === format ? t('export.preparing') : t(label)}
            </button>
          ))}
        </div>
        {exportProblem ? (
          <p className="statement__problem" role="alert">
            {t(exportProblem)}
          </p>
        ) : null}
        <StatementFilters accounts={accounts} />
        {readOnly ? null : <TemplatesPanel token={token} accounts={accounts} />}
        <StatementSummary accounts={view.accounts} title={t('summary.title')} headingLevel={4} />
        <div className="statement__rows" aria-busy={view.status === 'loading'}>
          {view.status === 'failed' ? (
            <RowsLoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={view.retry} />
          ) : page === null ? (
            <PageLoader />
          ) : noData ? (
            <p className="statement__empty">{t('empty')}</p>
          ) : (
            <>
              <p className="statement__count" aria-live="polite">
                {page.totalExact ? t('count', { total: page.total }) : t('countMore', { total: page.total })}
              </p>
              <StatementTable rows={rows} caption={t('tableCaption', { page: page.page })} onChanged={readOnly ? undefined : view.reload} />
              <StatementPagination
                page={page.page}
                totalPages={page.totalPages}
                totalExact={page.totalExact}
                hasNext={page.totalExact ? page.page < page.totalPages : rows.length === PAGE_SIZE}
                busy={view.status === 'loading'}
                onPage={view.goToPage}
              />
            </>
          )}
        </div>
      </div>
      <StatementPrint
        rows={printRows?.rows ?? rows}
        complete={printRows ? printRows.complete : !page || page.totalPages <= 1}
        accounts={view.accounts}
        period={page?.period ?? null}
        accountNumber={filters.accountNumber}
      />
    </section>
  );
}

export default StatementTab;
