import { closurePayoutRequestSchema, type ClosureStatus } from '@bank/contracts/closure/closure';
import type { ErrorBody } from '@bank/contracts/errors';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import type { FieldErrors } from '../../lib/formValidation';
import { endedTheSession, SubmissionKeys, type KeyedSubmission } from '../../lib/submitTransaction';
import { focusFirstError, InputField } from '../../ui/FormField';
import { SubmitButton } from '../../ui/SubmitButton';
import { useFailureText } from '../../ui/useFailureText';
import { useSchemaForm } from '../../ui/useSchemaForm';
import { selectUser, selectUserToken } from '../auth';
import { requestPayout } from './closureApi';
import { nothingToPay, payoutFieldErrors, payoutPrefill, type PayoutField } from './payout';

/** Fields typed as codes: upper case, never corrected by the phone's keyboard. */
const CODE_INPUT = { autoCapitalize: 'characters', spellCheck: false } as const;

/** What a payout request tells the closure screen: the new status, to ask for it again, or that nothing was left. */
export interface PayoutOutcomes {
  onPaidOut: (status: ClosureStatus) => void;
  onStale: () => void;
  onNothingToPay: () => void;
}

/**
 * Sends a payout request (of the accounts, or of one wallet) with one idempotency key, reused only
 * while its answer is lost, and says what came of it: the new status, nothing left to pay, field
 * errors under their fields (`fieldsOf` maps the bank's names to the form's), or a refusal above
 * the button. When the accounts changed meanwhile the closure is asked for again.
 */
export function usePayoutRequest<Payload>(send: (token: string | null, payload: Payload, keys: SubmissionKeys) => Promise<KeyedSubmission<ClosureStatus>>, outcomes: PayoutOutcomes) {
  const { t } = useTranslation('closure');
  const token = useAppSelector(selectUserToken);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<{ body: ErrorBody | null } | null>(null);
  const keys = useRef(new SubmissionKeys());
  const failureText = useFailureText('closure');

  /** Sends the payload; answers the field errors to show when the bank named fields, else null. */
  const request = async (payload: Payload, fieldsOf: (body: ErrorBody | null) => FieldErrors): Promise<FieldErrors | null> => {
    if (sending) return null;
    setSending(true);
    setRefusal(null);
    const { outcome, answer } = await send(token, payload, keys.current);
    setSending(false);
    if (endedTheSession(outcome)) return null;
    if (outcome.ok) {
      if (answer) outcomes.onPaidOut(answer);
      else outcomes.onStale();
      return null;
    }
    if (nothingToPay(outcome.body)) {
      outcomes.onNothingToPay();
      return null;
    }
    const fields = fieldsOf(outcome.body);
    if (Object.keys(fields).length > 0) return fields;
    setRefusal({ body: outcome.body });
    // The accounts changed since they were shown (paid out meanwhile, a balance moved): show them as they are.
    if (outcome.status === 409 || outcome.status === 422) outcomes.onStale();
    return null;
  };
  const refusalText = refusal ? (failureText(refusal.body) ? `${t('payout.failed')} ${failureText(refusal.body)}` : t('payout.failed')) : null;
  return { sending, request, refusalText, clearRefusal: () => setRefusal(null) };
}

/**
 * The account abroad that receives what remains on the accounts (docs/bank-controls.md#closing-a-client):
 * the recipient, prefilled with the client's name and address, and the receiving bank. The details
 * are checked with the contract the server uses; the bank answers the closure's new status.
 */
export function PayoutForm(outcomes: PayoutOutcomes) {
  const { t } = useTranslation('closure');
  const user = useAppSelector(selectUser);
  const [prefill] = useState(() => payoutPrefill(user));
  const payout = usePayoutRequest(requestPayout, outcomes);
  const form = useSchemaForm(closurePayoutRequestSchema, prefill, { onEdit: payout.clearRefusal });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const values = form.submit();
    if (!values) return focusFirstError(element);
    const fields = await payout.request(values, payoutFieldErrors);
    if (fields) {
      form.setServerErrors(fields);
      focusFirstError(element);
    }
  };

  const field = (name: PayoutField) => form.field(name);

  return (
    <div className="cabinet-card">
      <form className="transfer-form closure-payout-form" noValidate aria-labelledby="closure-payout-title" onSubmit={(event) => void submit(event)}>
        <h2 id="closure-payout-title">{t('payout.title')}</h2>
        <p className="transfer-form__lead">{t('payout.lead')}</p>
        <fieldset className="transfer-form__section">
          <legend>{t('payout.sections.recipient')}</legend>
          <div className="field-row">
            <InputField label={t('payout.fields.fullName')} {...field('fullName')} required autoComplete="off" hint={t('payout.hints.fullName')} />
            <InputField label={t('payout.fields.address')} {...field('address')} required autoComplete="off" />
          </div>
        </fieldset>
        <fieldset className="transfer-form__section">
          <legend>{t('payout.sections.bank')}</legend>
          <div className="field-row">
            <InputField label={t('payout.fields.iban')} {...field('iban')} required autoComplete="off" {...CODE_INPUT} hint={t('payout.hints.iban')} />
            <InputField label={t('payout.fields.swiftBic')} {...field('swiftBic')} required autoComplete="off" {...CODE_INPUT} hint={t('payout.hints.swiftBic')} />
          </div>
          <div className="field-row">
            <InputField label={t('payout.fields.bank')} {...field('bank')} required autoComplete="off" />
            <InputField label={t('payout.fields.bankAddress')} {...field('bankAddress')} required autoComplete="off" />
          </div>
        </fieldset>
        {payout.refusalText ? (
          <p className="closure__problem" role="alert">
            {payout.refusalText}
          </p>
        ) : null}
        <div className="transfer-form__actions form-actions">
          <SubmitButton busy={payout.sending} label={t('payout.submit')} busyLabel={t('payout.sending')} />
        </div>
      </form>
    </div>
  );
}
