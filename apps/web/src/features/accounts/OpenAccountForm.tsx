import { FIAT_CURRENCIES } from '@bank/contracts/money';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { loadChunk } from '../../app/lazy';
import { formatAccountNumber } from '../../ui/formatMoney';
import { openAccount } from './accountsApi';
import { OpenInCurrencyForm } from './OpenInCurrencyForm';

/** The request's contract, loaded when the form is first sent: the overview is drawn without zod. */
const loadRequestSchema = () => loadChunk(() => import('@bank/contracts/accounts/create-account')).then((module) => module.createAccountRequestSchema);

/**
 * Add account (docs/product.md): one required currency from the fiat list of docs/product.md#tariffs-and-limits, validated with the same
 * contract the server uses. Currencies the client already holds are shown but cannot be chosen.
 */
export function OpenAccountForm({ openCurrencies }: { openCurrencies: readonly string[] }) {
  const { t } = useTranslation('accounts');
  const dispatch = useAppDispatch();
  return (
    <OpenInCurrencyForm
      titleId="open-account-title"
      namespace="accounts"
      texts={{
        title: t('open.title'),
        lead: t('open.lead'),
        allOpen: t('open.allOpen'),
        currency: t('open.currency'),
        choose: t('open.choose'),
        submit: t('open.submit'),
        submitting: t('open.submitting'),
      }}
      currencies={FIAT_CURRENCIES}
      openCurrencies={openCurrencies}
      optionLabel={(code, taken) => {
        const name = `${code} — ${t(`currencies.${code}`)}`;
        return taken ? t('open.alreadyOpen', { currency: name }) : name;
      }}
      toRequest={async (currency) => {
        const parsed = (await loadRequestSchema()).safeParse({ currencies: currency ? [currency] : [] });
        return parsed.success ? { ok: true, request: parsed.data } : { ok: false, error: parsed.error.issues[0]?.message ?? 'validation.currency.required' };
      }}
      open={async (request) => {
        const outcome = await dispatch(openAccount(request));
        return outcome.ok
          ? { ok: true, message: t('open.success', { currency: outcome.account.currency, number: formatAccountNumber(outcome.account.number) }) }
          : outcome;
      }}
    />
  );
}
