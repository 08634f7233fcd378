import { createWalletRequestSchema } from '@bank/contracts/crypto/wallets';
import { CRYPTO_CURRENCIES } from '@bank/contracts/money/currencies';
import { PROTOCOL } from '@bank/contracts/protocol';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { errorTextKeys } from '../../lib/errorKeys';
import { SelectField } from '../../ui/FormField';
import { Popup } from '../../ui/Popup';
import { SubmitButton } from '../../ui/SubmitButton';
import { networkOf } from './transferCosts';
import { createWallet } from './walletsApi';

type Result = { tone: 'success'; message: string } | { tone: 'error'; message: string | undefined };

/**
 * SPEC §2 create a wallet: one required coin of SPEC §9, each with its network, validated with the
 * contract the server uses. Coins the client already holds are shown but cannot be chosen; should
 * the bank still answer that the wallet exists (409), the field says so.
 */
export function CreateWalletForm({ openCurrencies }: { openCurrencies: readonly string[] }) {
  const { t, i18n } = useTranslation('crypto');
  const dispatch = useAppDispatch();
  const [currency, setCurrency] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const allOpen = CRYPTO_CURRENCIES.every((code) => openCurrencies.includes(code));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const parsed = createWalletRequestSchema.safeParse({ currency: currency || undefined });
    if (!parsed.success) {
      setError(currency ? (parsed.error.issues[0]?.message ?? 'validation.wallet.currencyRequired') : 'validation.wallet.currencyRequired');
      return;
    }
    setSubmitting(true);
    const outcome = await dispatch(createWallet(parsed.data));
    setSubmitting(false);
    if (outcome.ok) {
      setCurrency('');
      setResult({ tone: 'success', message: t('create.success', { currency: outcome.wallet.currency, address: outcome.wallet.number }) });
      return;
    }
    // 'Invalid authorization data' opens the session-expired modal instead (SPEC §8).
    if (outcome.body?.message === PROTOCOL.invalidAuthorization) return;
    const fieldError = outcome.body?.fields?.currency;
    if (fieldError) {
      setError(fieldError);
      return;
    }
    const known = errorTextKeys(outcome.body).find((key) => i18n.exists(key, { ns: 'crypto' }));
    setResult({ tone: 'error', message: known ? t(known) : undefined });
  };

  return (
    <section className="cabinet-card" aria-labelledby="create-wallet-title">
      <h2 id="create-wallet-title">{t('create.title')}</h2>
      <p className="accounts-hint">{allOpen ? t('create.allOpen') : t('create.lead')}</p>
      {allOpen ? null : (
        <form className="open-account" aria-labelledby="create-wallet-title" noValidate onSubmit={(event) => void submit(event)}>
          <SelectField
            className="open-account__currency"
            label={t('create.currency')}
            name="currency"
            required
            value={currency}
            onValue={(value) => {
              setCurrency(value);
              setError(null);
            }}
            placeholder={t('create.choose')}
            options={CRYPTO_CURRENCIES.map((code) => {
              const name = t('create.option', { currency: code, name: t(`coins.${code}`), network: networkOf(code).network });
              const taken = openCurrencies.includes(code);
              return { value: code, label: taken ? t('create.alreadyOpen', { currency: name }) : name, disabled: taken };
            })}
            error={error ?? undefined}
          />
          <SubmitButton className="open-account__submit" busy={submitting} label={t('create.submit')} busyLabel={t('create.submitting')} />
        </form>
      )}
      {result ? <Popup tone={result.tone} message={result.message} onClose={() => setResult(null)} /> : null}
    </section>
  );
}
