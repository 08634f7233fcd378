import { DEPOSIT_CURRENCIES, DEPOSIT_HISTORY_TIERS, LIMITS, ratePercentOf, type DepositCurrency, type DepositHistoryTier, type DepositRateTable } from '@bank/contracts';
import { proposalReasonSchema } from '@bank/contracts/backoffice/approvals';
import {
  DEPOSIT_RATE_CELLS,
  depositRateFieldOf,
  depositRatePercentSchema,
  type DepositRatesProposal,
  type DepositRatesResponse,
} from '@bank/contracts/backoffice/deposits';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { InputField } from '../../../ui/FormField';
import { formatPercent } from '../../../ui/formatMoney';
import { SubmitButton } from '../../../ui/SubmitButton';
import { useSchemaForm } from '../../../ui/useSchemaForm';
import { backoffice } from '../api';
import { ReasonField } from '../fields';
import { formatDateTime } from '../format';
import { BackofficeScreen, Loaded, Problem } from '../parts';
import { useResource } from '../useResource';
import { useServerSubmit } from '../useServerSubmit';

/**
 * The form's fields are named as the server names a refused cell ('rates.withHistory.EUR'), so that
 * its field errors land where the operator typed; each cell is read by the contracts' own rule.
 */
const rateFormSchema = z.object({
  ...Object.fromEntries(DEPOSIT_RATE_CELLS.map((cell) => [depositRateFieldOf(cell), depositRatePercentSchema])),
  reason: proposalReasonSchema,
});

type RateFormValues = Record<ReturnType<typeof depositRateFieldOf> | 'reason', string>;

/** The table in force as the fields start: each rate an annual percentage with two decimals (1150 → "11.50"). */
function formValuesOf(rates: DepositRateTable): RateFormValues {
  const cells = Object.fromEntries(DEPOSIT_RATE_CELLS.map((cell) => [depositRateFieldOf(cell), ratePercentOf(rates[cell.tier][cell.currency])]));
  return { ...cells, reason: '' } as RateFormValues;
}

/** The body of the proposal: each cell as the operator typed it (the server reads it by the same rule). */
function proposalOf(values: RateFormValues): DepositRatesProposal {
  const row = (tier: DepositHistoryTier) =>
    Object.fromEntries(DEPOSIT_CURRENCIES.map((currency) => [currency, values[depositRateFieldOf({ tier, currency })]])) as Record<DepositCurrency, string>;
  return { rates: { withHistory: row('withHistory'), withoutHistory: row('withoutHistory') }, reason: values.reason };
}

/**
 * Admin: the annual rates new deposits open at, by the client's history and currency, and a form
 * proposing a new table with its reason. The proposal goes to the approvals queue as re-pricing FX
 * does; it holds once a second admin approves it, and deposits already open keep their rate.
 */
export function DepositRatesScreen() {
  const { t, i18n } = useTranslation('backoffice');
  const language = i18n.resolvedLanguage ?? 'en';
  const table = useResource(() => backoffice<DepositRatesResponse>('GET', 'deposits/rates'), []);
  const [proposed, setProposed] = useState(false);
  return (
    <BackofficeScreen title={t('deposits.rates.title')} lead={t('deposits.rates.lead')}>
      <Loaded data={table.data} error={table.error}>
        {(data) => (
          <>
            {data.pending ? (
              <p className="backoffice__notice" role="status" data-testid="bo-deposit-rates-pending">
                {proposed ? t('deposits.rates.proposed') : t('deposits.rates.pending')}{' '}
                <Link to={`/backoffice/approvals/${encodeURIComponent(data.pending.id)}`}>{t('deposits.rates.openPending')}</Link>
              </p>
            ) : null}
            <table className="backoffice-table">
              <caption className="backoffice-table__caption">{t('deposits.rates.tableCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('deposits.rates.tier')}</th>
                  {DEPOSIT_CURRENCIES.map((currency) => (
                    <th key={currency} scope="col" className="backoffice-table__money">
                      {currency}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {DEPOSIT_HISTORY_TIERS.map((tier) => (
                  <tr key={tier} data-testid="bo-row" data-key={tier}>
                    <th scope="row">{t(`deposits.tiers.${tier}`)}</th>
                    {DEPOSIT_CURRENCIES.map((currency) => (
                      <td key={currency} className="backoffice-table__money">
                        {formatPercent(data.rates[tier][currency], language, 2)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="backoffice__muted">{data.since ? t('deposits.rates.since', { date: formatDateTime(data.since, language) }) : t('deposits.rates.tariff')}</p>
            {data.pending ? null : (
              <ProposalForm
                key={data.versionId ?? 'tariff'}
                rates={data.rates}
                onProposed={(answer) => {
                  setProposed(true);
                  table.replace(answer);
                }}
              />
            )}
          </>
        )}
      </Loaded>
    </BackofficeScreen>
  );
}

/** A new table, cell by cell as an annual percentage, starting from the one in force, and the reason the second admin reads. */
function ProposalForm({ rates, onProposed }: { rates: DepositRateTable; onProposed: (answer: DepositRatesResponse) => void }) {
  const { t } = useTranslation('backoffice');
  const headingId = useId();
  const form = useSchemaForm(rateFormSchema, formValuesOf(rates));
  const { busy, failure, run } = useServerSubmit();
  function propose(event: FormEvent) {
    event.preventDefault();
    if (!form.submit()) return;
    void run(form, () => backoffice<DepositRatesResponse>('PUT', 'deposits/rates', { body: proposalOf(form.values) }), onProposed);
  }
  return (
    <form className="backoffice-card backoffice-form" onSubmit={propose} noValidate aria-labelledby={headingId}>
      <h2 id={headingId} className="backoffice__subheading">
        {t('deposits.rates.proposeTitle')}
      </h2>
      {DEPOSIT_RATE_CELLS.map((cell) => (
        <InputField
          key={depositRateFieldOf(cell)}
          label={t('deposits.rates.cell', { tier: t(`deposits.tiers.${cell.tier}`), currency: cell.currency })}
          inputMode="decimal"
          autoComplete="off"
          required
          {...form.field(depositRateFieldOf(cell))}
        />
      ))}
      <ReasonField label={t('deposits.rates.reason')} required maxLength={LIMITS.maxLongText} data-testid="bo-reason" {...form.field('reason')} />
      {failure ? <Problem error={failure} /> : null}
      <SubmitButton busy={busy} label={t('deposits.rates.propose')} busyLabel={t('busy')} />
    </form>
  );
}
