import { createAccountRequestSchema } from '@bank/contracts/accounts/create-account';
import { FIAT_CURRENCIES } from '@bank/contracts/money';
import { PROTOCOL } from '@bank/contracts/protocol';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../ui/SubmitButton';
import { useAppDispatch } from '../../app/hooks';
import { errorTextKeys } from '../../lib/errorKeys';
import { SelectField } from '../../ui/FormField';
import { formatAccountNumber } from '../../ui/formatMoney';
import { Popup } from '../../ui/Popup';
import { openAccount } from './accountsApi';

type Result = { tone: 'success'; message: string } | { tone: 'error'; message: string | undefined };

/**
 * SPEC §2/§5 add account: one required currency from SPEC §9's fiat list, validated with the same
 * contract the server uses. Currencies the client already holds are shown but cannot be chosen.
 */
export function OpenAccountForm({ openCurrencies }: { openCurrencies: readonly string[] }) {
  const { t, i18n } = useTranslation('accounts');
  const dispatch = useAppDispatch();
  const [currency, setCurrency] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const allOpen = FIAT_CURRENCIES.every((code) => openCurrencies.includes(code));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const parsed = createAccountRequestSchema.safeParse({ currencies: currency ? [currency] : [] });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'validation.currency.required');
      return;
    }
    setSubmitting(true);
    const outcome = await dispatch(openAccount(parsed.data));
    setSubmitting(false);
    if (outcome.ok) {
      setCurrency('');
      setResult({
        tone: 'success',
        message: t('open.success', { currency: outcome.account.currency, number: formatAccountNumber(outcome.account.number) }),
      });
      return;
    }
    // 'Invalid authorization data' opens the session-expired modal instead (SPEC §8).
    if (outcome.body?.message === PROTOCOL.invalidAuthorization) return;
    const known = errorTextKeys(outcome.body).find((key) => i18n.exists(key, { ns: 'accounts' }));
    setResult({ tone: 'error', message: known ? t(known) : undefined });
  };

  return (
    <section className="cabinet-card" aria-labelledby="open-account-title">
      <h2 id="open-account-title">{t('open.title')}</h2>
      <p className="accounts-hint">{allOpen ? t('open.allOpen') : t('open.lead')}</p>
      {allOpen ? null : (
        <form className="open-account" noValidate onSubmit={(event) => void submit(event)}>
          <SelectField
            className="open-account__currency"
            label={t('open.currency')}
            name="currency"
            required
            value={currency}
            onValue={(value) => {
              setCurrency(value);
              setError(null);
            }}
            placeholder={t('open.choose')}
            options={FIAT_CURRENCIES.map((code) => {
              const name = `${code} — ${t(`currencies.${code}`)}`;
              const taken = openCurrencies.includes(code);
              return { value: code, label: taken ? t('open.alreadyOpen', { currency: name }) : name, disabled: taken };
            })}
            error={error ?? undefined}
          />
          <SubmitButton className="open-account__submit" busy={submitting} label={t('open.submit')} busyLabel={t('open.submitting')} />
        </form>
      )}
      {result ? <Popup tone={result.tone} message={result.message} onClose={() => setResult(null)} /> : null}
    </section>
  );
}
