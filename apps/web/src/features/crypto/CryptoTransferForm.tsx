import { createCryptoTransferRequestSchema } from '@bank/contracts/crypto/create-crypto-transfer';
import { CURRENCY_SCALE } from '@bank/contracts/money/currencies';
import { useCallback, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { serverFieldErrors } from '../../lib/formValidation';
import { endedTheSession, SubmissionKeys } from '../../lib/submitTransaction';
import { AmountField, focusFirstError, InputField, ShownField } from '../../ui/FormField';
import { formatMoney } from '../../ui/formatMoney';
import { useSchemaForm } from '../../ui/useSchemaForm';
import { selectUserToken } from '../auth';
import { sendCryptoTransfer, type CryptoTransfer } from './cryptoTransferApi';
import { CryptoTransferResult, type CryptoTransferOutcome } from './CryptoTransferResult';
import { CryptoTransferReview } from './CryptoTransferReview';
import { networkOf, transferCosts } from './transferCosts';
import { WalletSelect } from './WalletSelect';
import { loadWallets, walletCurrency } from './walletsApi';

const EMPTY = { fromWallet: '', recipient: '', email: '', amount: '', reference: '' };

/**
 * Crypto transfer (docs/product.md): from one of the client's wallets (the coin follows the wallet) to an
 * address of the coin's network, with an optional e-mail and reference, checked with the contract
 * the server uses (the address's checksum, the amount's decimals). The network and its fee show as
 * the client types, and again with the total on the review before anything is sent. After a
 * success the wallets are reloaded (docs/product.md#states) and so is the list below the form.
 */
export function CryptoTransferForm({ onTransferred }: { onTransferred: () => void }) {
  const { t, i18n } = useTranslation('crypto');
  const language = i18n.resolvedLanguage ?? 'en';
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectUserToken);
  const wallets = useAppSelector((state) => state.user.walletsList);
  const coinOf = (number: string) => walletCurrency(wallets.find((wallet) => wallet.number === number));
  const form = useSchemaForm(createCryptoTransferRequestSchema, EMPTY, {
    toInput: (values) => ({ ...values, type: 'crypto', currency: coinOf(values.fromWallet) ?? '' }),
  });
  const currency = coinOf(form.values.fromWallet);
  const costs = currency ? transferCosts(form.values.amount, currency) : null;
  const [review, setReview] = useState<CryptoTransfer | null>(null);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<CryptoTransferOutcome | null>(null);
  const keys = useRef(new SubmissionKeys());
  const closeReview = useCallback(() => setReview(null), []);
  const closeOutcome = useCallback(() => setOutcome(null), []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const transfer = form.submit();
    if (!transfer) {
      focusFirstError(event.currentTarget);
      return;
    }
    setReview(transfer);
  };

  const confirm = async () => {
    if (!review || sending) return;
    setSending(true);
    const result = await sendCryptoTransfer(review, token, keys.current);
    setSending(false);
    setReview(null);
    if (endedTheSession(result)) return;
    if (result.ok) {
      form.reset();
      void dispatch(loadWallets());
      onTransferred();
      setOutcome({ ok: true });
      return;
    }
    form.setServerErrors(serverFieldErrors(result.body?.fields));
    setOutcome({ ok: false, body: result.body, currency: review.currency });
  };

  const field = form.field;
  return (
    <form className="transfer-form" noValidate aria-labelledby="crypto-transfer-title" onSubmit={submit}>
      <h2 id="crypto-transfer-title">{t('send.title')}</h2>
      <p className="transfer-form__lead">{t('send.lead')}</p>
      <fieldset className="transfer-form__section">
        <legend>{t('send.sections.from')}</legend>
        <div className="field-row">
          <WalletSelect label={t('send.fields.fromWallet')} wallets={wallets} {...field('fromWallet')} />
          <ShownField
            label={t('send.fields.network')}
            name="network"
            value={currency ? `${currency} · ${networkOf(currency).network}` : ''}
            placeholder={t('send.networkFromWallet')}
          />
        </div>
        <div className="field-row">
          <div>
            <AmountField
              label={t('send.fields.amount')}
              {...field('amount')}
              hint={currency ? t('send.hints.amountIn', { currency, decimals: CURRENCY_SCALE[currency] }) : t('send.hints.amount')}
            />
            {currency ? (
              <p className="fee-line" role="status" aria-live="polite">
                <span className="fee-line__main">
                  {costs
                    ? t('send.costs.line', { fee: formatMoney(costs.fee, currency, language), total: formatMoney(costs.total, currency, language) })
                    : t('send.costs.feeOnly', { fee: formatMoney(networkOf(currency).fee, currency, language) })}
                </span>
                <span className="crypto-costs__terms">{t('send.costs.freeInside')}</span>
              </p>
            ) : null}
          </div>
          <InputField label={t('send.fields.reference')} {...field('reference')} autoComplete="off" hint={t('send.hints.optional')} />
        </div>
      </fieldset>
      <fieldset className="transfer-form__section">
        <legend>{t('send.sections.to')}</legend>
        <div className="field-row">
          <InputField
            label={t('send.fields.recipient')}
            {...field('recipient')}
            required
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            className="crypto-address-field"
            hint={currency ? t('send.hints.recipientOn', { network: networkOf(currency).network }) : t('send.hints.recipient')}
          />
          <InputField label={t('send.fields.email')} {...field('email')} type="email" autoComplete="off" hint={t('send.hints.email')} />
        </div>
      </fieldset>
      <div className="transfer-form__actions form-actions">
        <button type="submit" className="button" disabled={sending}>
          {t('send.submit')}
        </button>
      </div>
      {review ? <CryptoTransferReview transfer={review} sending={sending} onBack={closeReview} onConfirm={confirm} /> : null}
      {outcome ? <CryptoTransferResult outcome={outcome} onClose={closeOutcome} /> : null}
    </form>
  );
}
