import { CARD_TYPES } from '@bank/contracts/cards/cards';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../ui/CountrySelect';
import { focusFirstError, InputField } from '../../ui/FormField';
import { formatMoney } from '../../ui/formatMoney';
import { AccountSelect } from '../accounts';
import { useCabinetNavigation } from '../cabinet';
import { cardAccounts, issueFee } from './orderRequest';
import type { OrderCard } from './useOrderCard';

/**
 * Step 1: the card to order. The type, each with its fee; the USD account it draws on (or, without
 * one, the way to open it); a physical card's delivery address; and the fee with the rule of who
 * pays it, before anything is confirmed.
 */
export function OrderCardForm({ order }: { order: OrderCard }) {
  const { t, i18n } = useTranslation('cards');
  const language = i18n.resolvedLanguage ?? 'en';
  const navigation = useCabinetNavigation();
  const { form, type } = order;
  const field = form.field;
  const accounts = cardAccounts(order.accounts);
  const feeOf = (cardType: typeof type) => {
    const fee = issueFee(cardType);
    return formatMoney(fee.amount, fee.currency, language);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!order.proceed()) focusFirstError(event.currentTarget);
  };

  return (
    <form className="card-order" noValidate aria-describedby="card-order-lead" onSubmit={submit}>
      <p id="card-order-lead" className="cards__lead">
        {t('order.lead')}
      </p>
      <fieldset className="card-choices card-choices--types">
        <legend>{t('order.type')}</legend>
        <div className="card-types">
          {CARD_TYPES.map((cardType) => (
            <label key={cardType} className="card-type">
              <input type="radio" name="type" value={cardType} checked={type === cardType} onChange={() => order.pickType(cardType)} />
              <span className="card-type__text">
                <span className="card-type__name">{t(`types.${cardType}`)}</span>
                <span className="card-type__about">{t(`order.about.${cardType}`)}</span>
                <span className="card-type__fee">{t('order.feeFor', { fee: feeOf(cardType) })}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <AccountSelect label={t('order.account')} {...field('accountNumber')} accounts={accounts} />
      {!order.accountsLoading && accounts.length === 0 ? (
        <div className="cards__notice" role="status">
          <p>{t('order.noAccount')}</p>
          <button type="button" className="button button--secondary" onClick={() => navigation.select('accounts')}>
            {t('order.toAccounts')}
          </button>
        </div>
      ) : (
        <p className="cards__hint">{t('order.accountHint')}</p>
      )}
      {type === 'physical' ? (
        <fieldset className="card-address">
          <legend>{t('order.delivery')}</legend>
          <div className="field-row field-row--wide">
            <InputField label={t('order.fields.line1')} {...field('line1')} autoComplete="shipping address-line1" required />
            <InputField label={t('order.fields.line2')} {...field('line2')} autoComplete="shipping address-line2" hint={t('order.hints.line2')} />
          </div>
          <div className="field-row">
            <InputField label={t('order.fields.city')} {...field('city')} autoComplete="shipping address-level2" required />
            <InputField label={t('order.fields.postalCode')} {...field('postalCode')} autoComplete="shipping postal-code" maxLength={20} required />
            <CountrySelect label={t('order.fields.country')} {...field('country')} autoComplete="shipping country" placeholder={t('order.chooseCountry')} required />
          </div>
        </fieldset>
      ) : null}
      <div className="card-fee" aria-live="polite">
        <p className="card-fee__amount">
          <span>{t('order.fee')}</span> <strong>{feeOf(type)}</strong>
        </p>
        <p className="card-fee__rule">{t('order.feeRule')}</p>
      </div>
      {order.refusal ? (
        <p className="cards__problem" role="alert">
          {order.refusal}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button">
          {t('order.continue')}
        </button>
      </div>
    </form>
  );
}
