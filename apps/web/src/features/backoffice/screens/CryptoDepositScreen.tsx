import type { ProposedResponse } from '@bank/contracts/backoffice/approvals';
import { cryptoDepositRequestSchema } from '@bank/contracts/backoffice/crypto-deposit';
import { CRYPTO_NETWORKS } from '@bank/contracts/crypto/networks';
import { CRYPTO_CURRENCIES } from '@bank/contracts/money/currencies';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { newIdempotencyKey } from '../../../lib/api';
import type { FieldErrors } from '../../../lib/formValidation';
import { InputField, SelectField } from '../../../ui/FormField';
import { formatMoney } from '../../../ui/formatMoney';
import { SubmitButton } from '../../../ui/SubmitButton';
import { useSchemaForm } from '../../../ui/useSchemaForm';
import { backoffice } from '../api';
import { BackofficeScreen, Details, Problem } from '../parts';
import { useServerSubmit } from '../useServerSubmit';

const EMPTY = { address: '', amount: '', currency: 'BTC', txHash: '', reason: '' };

/**
 * Coins that arrived on the network at a client's deposit address, proposed for the wallet: the
 * form, a confirmation of what will be booked, then the proposal with its idempotency key, which a
 * second payments operator approves before anything is credited. A hash booked
 * before (409) and an address no wallet has (404) come back as field errors, said at their fields.
 */
export function CryptoDepositScreen() {
  const { t, i18n } = useTranslation('backoffice');
  const form = useSchemaForm(cryptoDepositRequestSchema, EMPTY);
  const [confirming, setConfirming] = useState<{ input: unknown; key: string } | null>(null);
  const [booked, setBooked] = useState<ProposedResponse | null>(null);
  const { busy, failure, run } = useServerSubmit();
  // A field the server refuses at booking is corrected in the form, so the form shows again.
  const formWithFields = {
    setServerErrors(errors: FieldErrors) {
      form.setServerErrors(errors);
      setConfirming(null);
    },
  };

  function check(event: FormEvent) {
    event.preventDefault();
    const input = form.submit();
    if (input) setConfirming({ input, key: newIdempotencyKey() });
  }

  function book() {
    if (!confirming) return;
    void run(
      formWithFields,
      () => backoffice<ProposedResponse>('POST', 'crypto-deposits', { body: confirming.input, idempotencyKey: confirming.key }),
      setBooked,
    );
  }

  function another() {
    setBooked(null);
    setConfirming(null);
    form.reset();
  }

  const money = (amount: string, currency: string) => formatMoney(amount, currency, i18n.resolvedLanguage ?? 'en');
  const currency = form.values.currency as (typeof CRYPTO_CURRENCIES)[number];
  return (
    <BackofficeScreen title={t('cryptoDeposit.title')} lead={t('cryptoDeposit.lead')}>
      {failure ? <Problem error={failure} /> : null}
      {booked ? (
        <div className="backoffice-card" role="status">
          <h2 className="backoffice__subheading">{t('cryptoDeposit.booked')}</h2>
          <p>{t('cryptoDeposit.bookedNote')}</p>
          <Details rows={[[t('cryptoDeposit.summary'), <span data-testid="bo-crypto-deposit-result">{booked.approval.summary}</span>]]} />
          <div className="backoffice__actions">
            <Link className="button button--secondary" to={`/backoffice/approvals/${booked.approval.id}`}>
              {t('cryptoDeposit.openApproval')}
            </Link>
            <button type="button" className="button" onClick={another}>
              {t('cryptoDeposit.another')}
            </button>
          </div>
        </div>
      ) : confirming ? (
        <div className="backoffice-card">
          <h2 className="backoffice__subheading">{t('cryptoDeposit.confirmTitle')}</h2>
          <Details
            rows={[
              [t('cryptoDeposit.currency'), `${currency} · ${CRYPTO_NETWORKS[currency].label}`],
              [t('cryptoDeposit.address'), <span className="backoffice__id">{form.values.address.trim()}</span>],
              [t('cryptoDeposit.txHash'), <span className="backoffice__id">{form.values.txHash.trim()}</span>],
              [t('cryptoDeposit.amount'), money(form.values.amount.trim(), currency)],
            ]}
          />
          <p className="backoffice__muted">{t('cryptoDeposit.confirmNote')}</p>
          <div className="backoffice__actions">
            <button type="button" className="button button--secondary" onClick={() => setConfirming(null)}>
              {t('back')}
            </button>
            <button type="button" className="button" disabled={busy} onClick={book} data-testid="bo-crypto-deposit-book">
              {busy ? t('busy') : t('cryptoDeposit.book')}
            </button>
          </div>
        </div>
      ) : (
        <form className="backoffice-form" onSubmit={check} noValidate aria-label={t('cryptoDeposit.title')}>
          <SelectField
            label={t('cryptoDeposit.currency')}
            required
            options={CRYPTO_CURRENCIES.map((code) => ({ value: code, label: `${code} · ${CRYPTO_NETWORKS[code].label}` }))}
            {...form.field('currency')}
          />
          <InputField label={t('cryptoDeposit.address')} required autoComplete="off" spellCheck={false} {...form.field('address')} />
          <InputField label={t('cryptoDeposit.amount')} inputMode="decimal" required autoComplete="off" {...form.field('amount')} />
          <InputField label={t('cryptoDeposit.txHash')} required autoComplete="off" spellCheck={false} hint={t('cryptoDeposit.txHashHint')} {...form.field('txHash')} />
          <InputField label={t('cryptoDeposit.reason')} autoComplete="off" {...form.field('reason')} />
          <div data-testid="bo-crypto-deposit-next">
            <SubmitButton busy={busy} label={t('cryptoDeposit.next')} busyLabel={t('busy')} />
          </div>
        </form>
      )}
    </BackofficeScreen>
  );
}
