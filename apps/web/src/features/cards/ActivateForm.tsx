import { activateCardRequestSchema, type Card } from '@bank/contracts/cards/cards';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { serverFieldErrors } from '../../lib/formValidation';
import { DigitsField, focusFirstError } from '../../ui/FormField';
import { SubmitButton } from '../../ui/SubmitButton';
import { useSchemaForm } from '../../ui/useSchemaForm';
import { activateCard } from './cardsApi';
import type { CardControlProps } from './cardControls';
import { useCardChange } from './useCardChange';

/**
 * Activating a physical card that has arrived (docs/cards.md: Produced or Shipped → Active): the
 * holder types the last four digits printed on it. Wrong digits show under the field.
 */
export function ActivateForm({ card, onChanged, onStale }: Omit<CardControlProps, 'onProblem'> & { card: Card }) {
  const { t } = useTranslation('cards');
  const form = useSchemaForm(activateCardRequestSchema, { last4: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const change = useCardChange(onStale, setProblem);
  const titleId = `card-${card.id}-activate`;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const request = form.submit();
    if (!request) return focusFirstError(element);
    const result = await change.send((token) => activateCard(token, card.id, request), t('activate.failed'), (body) => serverFieldErrors(body?.fields?.last4 ? { last4: body.fields.last4 } : undefined));
    if (result && 'fields' in result) {
      form.setServerErrors(result.fields);
      focusFirstError(element);
    } else if (result) onChanged(t('activate.done', { last4: result.card.last4 }));
  };

  return (
    <form className="card-activate" noValidate aria-labelledby={titleId} onSubmit={(event) => void submit(event)}>
      <h4 id={titleId} className="card-activate__title">
        {t('activate.title')}
      </h4>
      <p className="cards__note">{t('activate.text')}</p>
      <div className="card-activate__row">
        <DigitsField label={t('activate.last4')} {...form.field('last4')} maxLength={4} required className="card-activate__field" />
        <SubmitButton busy={change.busy} label={t('activate.submit')} busyLabel={t('activate.working')} />
      </div>
      {problem ? (
        <p className="cards__problem" role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
