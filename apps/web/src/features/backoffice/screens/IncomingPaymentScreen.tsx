import type { ProposedResponse } from '@bank/contracts/backoffice/approvals';
import { incomingPaymentRequestSchema, type IncomingPaymentPreview } from '@bank/contracts/backoffice/incoming-payment';
import { FIAT_CURRENCIES } from '@bank/contracts/money/currencies';
import { PAYMENT_REGIONS } from '@bank/contracts/tariffs';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { newIdempotencyKey } from '../../../lib/api';
import type { FieldErrors } from '../../../lib/formValidation';
import { DateField } from '../../../ui/DateField';
import { InputField, SelectField } from '../../../ui/FormField';
import { formatBankDate } from '../../../ui/formatBankDate';
import { formatAccountNumber, formatMoney } from '../../../ui/formatMoney';
import { SubmitButton } from '../../../ui/SubmitButton';
import { useSchemaForm } from '../../../ui/useSchemaForm';
import { backoffice } from '../api';
import { BackofficeScreen, ChoiceBox, Details, Problem } from '../parts';
import { useServerSubmit } from '../useServerSubmit';

const EMPTY = { accountNumber: '', amount: '', currency: 'EUR', senderName: '', senderAccount: '', purpose: '', paymentRegion: '', valueDate: '', reference: '', reason: '' };

/**
 * Money that arrived from another bank, proposed for a client's account: the form, a confirmation
 * showing whose account it is and what will be credited after the fee, then the proposal, which a
 * second payments operator approves in the approvals queue before anything is credited.
 */
export function IncomingPaymentScreen() {
  const { t, i18n } = useTranslation('backoffice');
  const form = useSchemaForm(incomingPaymentRequestSchema, EMPTY, {
    toInput: (values) => ({ ...values, accountNumber: values.accountNumber.replace(/\s/g, ''), valueDate: values.valueDate || undefined }),
  });
  const [preview, setPreview] = useState<{ input: unknown; answer: IncomingPaymentPreview; key: string } | null>(null);
  const [booked, setBooked] = useState<ProposedResponse | null>(null);
  const [investigation, setInvestigation] = useState(false);
  const { busy, failure, run } = useServerSubmit();
  // A field the server refuses at booking is corrected in the form, so the form shows again.
  const formWithFields = {
    setServerErrors(errors: FieldErrors) {
      form.setServerErrors(errors);
      setPreview(null);
    },
  };

  function check(event: FormEvent) {
    event.preventDefault();
    const submitted = form.submit();
    if (!submitted) return;
    const input = investigation ? { ...submitted, investigation: true } : submitted;
    void run(formWithFields, () => backoffice<IncomingPaymentPreview>('POST', 'incoming-payments/preview', { body: input }), (answer) =>
      setPreview({ input, answer, key: newIdempotencyKey() }),
    );
  }

  function book() {
    if (!preview) return;
    void run(formWithFields, () => backoffice<ProposedResponse>('POST', 'incoming-payments', { body: preview.input, idempotencyKey: preview.key }), setBooked);
  }

  function another() {
    setBooked(null);
    setPreview(null);
    setInvestigation(false);
    form.reset();
  }

  const money = (amount: string, currency: string) => formatMoney(amount, currency, (i18n.resolvedLanguage ?? 'en'));
  return (
    <BackofficeScreen title={t('incoming.title')} lead={t('incoming.lead')}>
      {failure ? <Problem error={failure} /> : null}
      {booked ? (
        <div className="backoffice-card" role="status">
          <h2 className="backoffice__subheading">{t('incoming.booked')}</h2>
          <p>{t('incoming.bookedNote')}</p>
          <Details rows={[[t('incoming.holder'), preview?.answer.holder ?? ''], [t('incoming.summary'), <span data-testid="bo-incoming-result">{booked.approval.summary}</span>]]} />
          <div className="backoffice__actions">
            <Link className="button button--secondary" to={`/backoffice/approvals/${booked.approval.id}`}>
              {t('incoming.openApproval')}
            </Link>
            <button type="button" className="button" onClick={another}>
              {t('incoming.another')}
            </button>
          </div>
        </div>
      ) : preview ? (
        <div className="backoffice-card">
          <h2 className="backoffice__subheading">{t('incoming.confirmTitle')}</h2>
          <Details
            rows={[
              [t('incoming.holder'), preview.answer.holder],
              [t('incoming.accountNumber'), formatAccountNumber(form.values.accountNumber.replace(/\s/g, ''))],
              [t('incoming.senderName'), form.values.senderName],
              [t('incoming.senderAccount'), form.values.senderAccount],
              [t('incoming.paymentRegion'), form.values.paymentRegion],
              [t('incoming.purpose'), form.values.purpose],
              [t('incoming.valueDate'), formatBankDate(form.values.valueDate) || t('incoming.today')],
              [t('incoming.reference'), form.values.reference],
              [t('incoming.amount'), money(preview.answer.amount, preview.answer.currency)],
              [t('incoming.fee'), money(preview.answer.fee, preview.answer.currency)],
              [t('incoming.credited'), money(preview.answer.credited, preview.answer.currency)],
              ...(preview.answer.investigationFee ? [[t('incoming.investigationFee'), money(preview.answer.investigationFee, preview.answer.currency)] as [string, string]] : []),
            ]}
          />
          <div className="backoffice__actions">
            <button type="button" className="button button--secondary" onClick={() => setPreview(null)}>
              {t('back')}
            </button>
            <button type="button" className="button" disabled={busy} onClick={book} data-testid="bo-incoming-book">
              {busy ? t('busy') : t('incoming.book')}
            </button>
          </div>
        </div>
      ) : (
        <form className="backoffice-form" onSubmit={check} noValidate>
          <InputField label={t('incoming.accountNumber')} inputMode="numeric" required {...form.field('accountNumber')} />
          <div className="backoffice-form__row">
            <InputField label={t('incoming.amount')} inputMode="decimal" required {...form.field('amount')} />
            <SelectField label={t('incoming.currency')} required options={FIAT_CURRENCIES.map((currency) => ({ value: currency, label: currency }))} {...form.field('currency')} />
          </div>
          <SelectField
            label={t('incoming.paymentRegion')}
            required
            placeholder={t('incoming.choose')}
            options={PAYMENT_REGIONS.map((region) => ({ value: region, label: region }))}
            {...form.field('paymentRegion')}
          />
          <InputField label={t('incoming.senderName')} required {...form.field('senderName')} />
          <InputField label={t('incoming.senderAccount')} required {...form.field('senderAccount')} />
          <InputField label={t('incoming.purpose')} {...form.field('purpose')} />
          <div className="backoffice-form__row">
            <DateField label={t('incoming.valueDate')} {...form.field('valueDate')} />
            <InputField label={t('incoming.reference')} {...form.field('reference')} />
          </div>
          <ChoiceBox
            label={t('incoming.investigation')}
            hint={t('incoming.investigationHint')}
            checked={investigation}
            onChecked={setInvestigation}
            testId="bo-incoming-investigation"
          />
          <InputField label={t('incoming.reason')} {...form.field('reason')} />
          <div data-testid="bo-incoming-next">
            <SubmitButton busy={busy} label={t('incoming.next')} busyLabel={t('busy')} />
          </div>
        </form>
      )}
    </BackofficeScreen>
  );
}
