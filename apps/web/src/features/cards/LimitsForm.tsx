import { CARD_MAX_LIMITS, type Card } from '@bank/contracts/cards/cards';
import { CARDS } from '@bank/contracts/tariffs';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountField, focusFirstError } from '../../ui/FormField';
import { formatMoney } from '../../ui/formatMoney';
import { SubmitButton } from '../../ui/SubmitButton';
import { useSchemaForm } from '../../ui/useSchemaForm';
import { setCardLimits } from './cardsApi';
import type { CardControlProps } from './cardControls';
import { CountriesPicker } from './CountriesPicker';
import { limitAmountsOf, limitAmountsSchema, limitFieldErrors, limitsRequestOf } from './limitsForm';
import { useCardChange } from './useCardChange';

/**
 * A card's limits (docs/cards.md), from where they stand: the USD amounts per payment and per
 * month (checked as the bank checks them), online payments on or off, and the countries refused.
 * The bank's field errors show under the amounts; any other refusal above the buttons.
 */
export function LimitsForm({ card, id, onChanged, onStale, onCancel }: Omit<CardControlProps, 'onProblem'> & { card: Card; id: string; onCancel: () => void }) {
  const { t, i18n } = useTranslation('cards');
  const language = i18n.resolvedLanguage ?? 'en';
  const form = useSchemaForm(limitAmountsSchema, limitAmountsOf(card.limits));
  const [online, setOnline] = useState(card.limits.online);
  const [countries, setCountries] = useState<string[]>(card.limits.countriesBlocked);
  const [problem, setProblem] = useState<string | null>(null);
  const change = useCardChange(onStale, setProblem);
  const maximum = (field: keyof typeof CARD_MAX_LIMITS) => formatMoney(CARD_MAX_LIMITS[field], CARDS.currency, language);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const amounts = form.submit();
    if (!amounts) return focusFirstError(element);
    const result = await change.send((token) => setCardLimits(token, card.id, limitsRequestOf(amounts, online, countries)), t('limits.failed'), (body) =>
      limitFieldErrors(body?.fields),
    );
    if (result && 'fields' in result) {
      form.setServerErrors(result.fields);
      focusFirstError(element);
    } else if (result) onChanged(t('limits.saved', { last4: card.last4 }));
  };

  return (
    <form id={id} className="card-limits" noValidate aria-labelledby={`${id}-title`} onSubmit={(event) => void submit(event)}>
      <h4 id={`${id}-title`} className="card-limits__title">
        {t('limits.title', { last4: card.last4 })}
      </h4>
      <div className="field-row">
        <AmountField label={t('limits.perTransaction')} {...form.field('perTransaction')} hint={t('limits.hints.perTransaction', { max: maximum('perTransaction') })} />
        <AmountField label={t('limits.monthly')} {...form.field('monthly')} hint={t('limits.hints.monthly', { max: maximum('monthly') })} />
      </div>
      <label className="card-switch">
        <input type="checkbox" checked={online} onChange={(event) => setOnline(event.currentTarget.checked)} />
        <span>
          {t('limits.online')}
          <span className="cards__note card-switch__hint">{t('limits.onlineHint')}</span>
        </span>
      </label>
      <CountriesPicker legend={t('limits.countries')} hint={t('limits.countriesHint')} codes={countries} onCodes={setCountries} />
      {problem ? (
        <p className="cards__problem" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('limits.cancel')}
        </button>
        <SubmitButton busy={change.busy} label={t('limits.save')} busyLabel={t('limits.saving')} />
      </div>
    </form>
  );
}
