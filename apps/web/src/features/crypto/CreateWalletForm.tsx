import { CRYPTO_CURRENCIES } from '@bank/contracts/money/currencies';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { loadChunk } from '../../app/lazy';
import { OpenInCurrencyForm } from '../accounts';
import { networkOf } from './transferCosts';
import { createWallet } from './walletsApi';

/** The request's contract, loaded when the form is first sent: the wallets are drawn without zod. */
const loadRequestSchema = () => loadChunk(() => import('@bank/contracts/crypto/wallets')).then((module) => module.createWalletRequestSchema);

/**
 * Create a wallet (docs/product.md#screens-and-routes): one required coin of docs/product.md#tariffs-and-limits, each with its network, validated with the
 * contract the server uses. Coins the client already holds are shown but cannot be chosen; should
 * the bank still answer that the wallet exists (409), the field says so.
 */
export function CreateWalletForm({ openCurrencies }: { openCurrencies: readonly string[] }) {
  const { t } = useTranslation('crypto');
  const dispatch = useAppDispatch();
  return (
    <OpenInCurrencyForm
      titleId="create-wallet-title"
      namespace="crypto"
      namedByTitle
      texts={{
        title: t('create.title'),
        lead: t('create.lead'),
        allOpen: t('create.allOpen'),
        currency: t('create.currency'),
        choose: t('create.choose'),
        submit: t('create.submit'),
        submitting: t('create.submitting'),
      }}
      currencies={CRYPTO_CURRENCIES}
      openCurrencies={openCurrencies}
      optionLabel={(code, taken) => {
        const name = t('create.option', { currency: code, name: t(`coins.${code}`), network: networkOf(code).network });
        return taken ? t('create.alreadyOpen', { currency: name }) : name;
      }}
      toRequest={async (currency) => {
        const parsed = (await loadRequestSchema()).safeParse({ currency: currency || undefined });
        if (parsed.success) return { ok: true, request: parsed.data };
        return {
          ok: false,
          error: currency ? (parsed.error.issues[0]?.message ?? 'validation.wallet.currencyRequired') : 'validation.wallet.currencyRequired',
        };
      }}
      open={async (request) => {
        const outcome = await dispatch(createWallet(request));
        return outcome.ok ? { ok: true, message: t('create.success', { currency: outcome.wallet.currency, address: outcome.wallet.number }) } : outcome;
      }}
      fieldOf={(body) => body?.fields?.currency}
    />
  );
}
