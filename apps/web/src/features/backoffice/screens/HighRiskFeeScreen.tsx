import { LIMITS } from '@bank/contracts';
import { proposalReasonSchema } from '@bank/contracts/backoffice/approvals';
import { highRiskFeeAmountSchema, type HighRiskFeeProposal, type HighRiskFeeResponse } from '@bank/contracts/backoffice/high-risk-fee';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { InputField } from '../../../ui/FormField';
import { formatMoney } from '../../../ui/formatMoney';
import { SubmitButton } from '../../../ui/SubmitButton';
import { useSchemaForm } from '../../../ui/useSchemaForm';
import { backoffice } from '../api';
import { ReasonField } from '../fields';
import { formatDateTime } from '../format';
import { BackofficeScreen, Details, Loaded, Problem } from '../parts';
import { useResource } from '../useResource';
import { useServerSubmit } from '../useServerSubmit';

const feeFormSchema = z.object({ amount: highRiskFeeAmountSchema, reason: proposalReasonSchema });

/**
 * Admin: the monthly fee for the service of a high-risk client (docs/product.md#tariffs-and-limits,
 * "set by the bank"), and a form proposing a new amount with its reason. It holds once a second
 * admin approves it in Approvals, and the next monthly charge takes the amount in force then.
 */
export function HighRiskFeeScreen() {
  const { t, i18n } = useTranslation('backoffice');
  const language = i18n.resolvedLanguage ?? 'en';
  const fee = useResource(() => backoffice<HighRiskFeeResponse>('GET', 'fees/high-risk'), []);
  const [proposed, setProposed] = useState(false);
  return (
    <BackofficeScreen title={t('highRiskFee.title')} lead={t('highRiskFee.lead')}>
      <Loaded data={fee.data} error={fee.error}>
        {(data) => (
          <>
            {data.pending ? (
              <p className="backoffice__notice" role="status" data-testid="bo-high-risk-fee-pending">
                {proposed ? t('highRiskFee.proposed') : t('highRiskFee.pending')}{' '}
                <Link to={`/backoffice/approvals/${encodeURIComponent(data.pending.id)}`}>{t('highRiskFee.openPending')}</Link>
              </p>
            ) : null}
            <Details
              rows={[
                [t('highRiskFee.inForce'), formatMoney(data.amount, data.currency, language)],
                [t('highRiskFee.since'), data.since ? formatDateTime(data.since, language) : t('highRiskFee.tariff')],
              ]}
            />
            {data.pending ? null : (
              <ProposalForm
                key={data.versionId ?? 'tariff'}
                amount={data.amount}
                onProposed={(answer) => {
                  setProposed(true);
                  fee.replace(answer);
                }}
              />
            )}
          </>
        )}
      </Loaded>
    </BackofficeScreen>
  );
}

/** A new monthly amount in EUR, starting from the one in force, and the reason the second admin reads. */
function ProposalForm({ amount, onProposed }: { amount: string; onProposed: (answer: HighRiskFeeResponse) => void }) {
  const { t } = useTranslation('backoffice');
  const headingId = useId();
  const form = useSchemaForm(feeFormSchema, { amount, reason: '' });
  const { busy, failure, run } = useServerSubmit();
  function propose(event: FormEvent) {
    event.preventDefault();
    if (!form.submit()) return;
    const body: HighRiskFeeProposal = { amount: form.values.amount, reason: form.values.reason };
    void run(form, () => backoffice<HighRiskFeeResponse>('PUT', 'fees/high-risk', { body }), onProposed);
  }
  return (
    <form className="backoffice-card backoffice-form" onSubmit={propose} noValidate aria-labelledby={headingId}>
      <h2 id={headingId} className="backoffice__subheading">
        {t('highRiskFee.proposeTitle')}
      </h2>
      <InputField label={t('highRiskFee.amount')} inputMode="decimal" autoComplete="off" required data-testid="bo-high-risk-fee-amount" {...form.field('amount')} />
      <ReasonField label={t('highRiskFee.reason')} required maxLength={LIMITS.maxLongText} data-testid="bo-reason" {...form.field('reason')} />
      {failure ? <Problem error={failure} /> : null}
      <SubmitButton busy={busy} label={t('highRiskFee.propose')} busyLabel={t('busy')} />
    </form>
  );
}
