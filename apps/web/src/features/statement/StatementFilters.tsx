import { FIAT_CURRENCIES } from '@bank/contracts/money';
import { STATEMENT_PERIODS } from '@bank/contracts/statement/periods';
import { PAYMENT_REGIONS } from '@bank/contracts/tariffs';
import { TRANSACTION_TYPES } from '@bank/contracts/transfers/transaction-record';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { isBankDateValue } from '../../ui/bankDateText';
import { DateField } from '../../ui/DateField';
import { InputField, SelectField } from '../../ui/FormField';
import { formatAccountNumber } from '../../ui/formatMoney';
import { selectStatementFilters, selectTemplates, statementFiltersChanged, statementFiltersReset, type TransactionFilters } from './transactionsSlice';
import { typeKey } from './labels';

/** Phones open the statement on its rows; the filters unfold on request. Wider screens show them at once. */
const WIDE_SCREEN_QUERY = '(min-width: 721px)';
/** Typing in a text filter is sent once the client pauses, not on every key. */
const TYPING_PAUSE_MS = 400;
type TextFilter = 'purpose' | 'recipient' | 'amount' | 'templateName';

/**
 * Every filter of the statement screen (docs/product.md#screens-and-routes). Choices apply at once; text filters after a pause.
 * Filters live in the transactions slice (docs/product.md#data), so they survive a reload; each change sends
 * the statement back to page 1.
 */
export function StatementFilters({ accounts }: { accounts: ReadonlyArray<{ number: string; currency: string }> }) {
  const { t } = useTranslation('statement');
  const dispatch = useAppDispatch();
  const filters = useAppSelector(selectStatementFilters);
  const templates = useAppSelector(selectTemplates);
  const templateListId = useId();
  const [open, setOpen] = useState(() => window.matchMedia(WIDE_SCREEN_QUERY).matches);
  const change = (patch: Partial<TransactionFilters>) => dispatch(statementFiltersChanged(patch));

  const [drafts, setDrafts] = useState<Record<TextFilter, string>>({
    purpose: filters.purpose,
    recipient: filters.recipient,
    amount: filters.amount,
    templateName: filters.templateName,
  });
  // Filters changed elsewhere (reset, a template chosen) show in the fields.
  useEffect(() => {
    setDrafts({ purpose: filters.purpose, recipient: filters.recipient, amount: filters.amount, templateName: filters.templateName });
  }, [filters.purpose, filters.recipient, filters.amount, filters.templateName]);
  useEffect(() => {
    const patch: Partial<TransactionFilters> = {};
    for (const key of ['purpose', 'recipient', 'amount', 'templateName'] as const) if (drafts[key] !== filters[key]) patch[key] = drafts[key];
    if (Object.keys(patch).length === 0) return undefined;
    const timer = setTimeout(() => dispatch(statementFiltersChanged(patch)), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [dispatch, drafts, filters]);
  const typed = (key: TextFilter) => (value: string) => setDrafts((previous) => ({ ...previous, [key]: value }));
  // A date filters the statement once it is a whole, real date (or cleared), not while it is typed.
  const whole = (apply: (date: string) => void) => (date: string) => {
    if (date === '' || isBankDateValue(date)) apply(date);
  };

  const active = countActive(filters);
  return (
    <details className="statement-filters-panel" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{active > 0 ? t('filters.titleActive', { active }) : t('filters.title')}</summary>
      <form className="statement-filters" aria-label={t('filters.label')} onSubmit={(event) => event.preventDefault()}>
        <div className="statement-filters__grid">
          <SelectField
            label={t('filters.account')}
            value={filters.accountNumber}
            onValue={(accountNumber) => change({ accountNumber })}
            placeholder={t('filters.allAccounts')}
            options={accounts.map((account) => ({ value: account.number, label: `${formatAccountNumber(account.number)} · ${account.currency}` }))}
          />
          <SelectField
            label={t('filters.period')}
            value={filters.period}
            onValue={(period) => change({ period, from: '', to: '' })}
            placeholder={t('filters.anyPeriod')}
            options={STATEMENT_PERIODS.map((period) => ({ value: period, label: t(`periods.${period}`) }))}
          />
          <DateField label={t('filters.from')} value={filters.from} onValue={whole((from) => change({ from, period: '' }))} />
          <DateField label={t('filters.to')} value={filters.to} onValue={whole((to) => change({ to, period: '' }))} />
          <InputField label={t('filters.purpose')} value={drafts.purpose} onValue={typed('purpose')} maxLength={100} autoComplete="off" />
          <InputField label={t('filters.recipient')} hint={t('filters.recipientHint')} value={drafts.recipient} onValue={typed('recipient')} maxLength={100} autoComplete="off" />
          <InputField label={t('filters.amount')} value={drafts.amount} onValue={typed('amount')} inputMode="decimal" maxLength={40} autoComplete="off" />
          <SelectField
            label={t('filters.currency')}
            value={filters.currency}
            onValue={(currency) => change({ currency })}
            placeholder={t('filters.anyCurrency')}
            options={FIAT_CURRENCIES.map((currency) => ({ value: currency, label: currency }))}
          />
          <SelectField
            label={t('filters.type')}
            value={filters.selectedType}
            onValue={(selectedType) => change({ selectedType })}
            placeholder={t('filters.anyType')}
            options={TRANSACTION_TYPES.map((type) => ({ value: type, label: t(typeKey(type)) }))}
          />
          <InputField label={t('filters.templateName')} value={drafts.templateName} onValue={typed('templateName')} list={templateListId} maxLength={100} autoComplete="off" />
          <datalist id={templateListId}>
            {templates.map((template) => (
              <option key={template.templateName} value={template.templateName} />
            ))}
          </datalist>
          <SelectField
            label={t('filters.paymentRegion')}
            value={filters.paymentRegion}
            onValue={(paymentRegion) => change({ paymentRegion })}
            placeholder={t('filters.anyRegion')}
            options={PAYMENT_REGIONS.map((region) => ({ value: region, label: region }))}
          />
          <fieldset className="statement-filters__directions">
            <legend>{t('filters.direction')}</legend>
            <label>
              <input type="checkbox" checked={filters.incoming} onChange={(event) => change({ incoming: event.currentTarget.checked })} />
              {t('filters.incoming')}
            </label>
            <label>
              <input type="checkbox" checked={filters.outgoing} onChange={(event) => change({ outgoing: event.currentTarget.checked })} />
              {t('filters.outgoing')}
            </label>
          </fieldset>
        </div>
        <button type="button" className="button button--secondary statement-filters__reset" onClick={() => dispatch(statementFiltersReset())}>
          {t('filters.reset')}
        </button>
      </form>
    </details>
  );
}

/** How many filters narrow the statement now (shown on the folded panel). */
function countActive(filters: TransactionFilters): number {
  const period = filters.period || filters.from || filters.to ? 1 : 0;
  const others = [filters.accountNumber, filters.purpose, filters.recipient, filters.amount, filters.currency, filters.selectedType, filters.templateName, filters.paymentRegion];
  return period + others.filter(Boolean).length + (filters.incoming ? 1 : 0) + (filters.outgoing ? 1 : 0);
}

