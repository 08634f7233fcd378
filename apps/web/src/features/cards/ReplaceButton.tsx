import { CARD_REPLACE_REASONS, replaceCardRequestSchema, type Card } from '@bank/contracts/cards/cards';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validate } from '../../lib/formValidation';
import { useFieldErrorText } from '../../ui/FormField';
import { Modal } from '../../ui/Modal';
import type { CardControlProps } from './cardControls';
import { replaceCard } from './cardsApi';
import { useCardChange } from './useCardChange';
import { useSteadyCallback } from './useSteadyCallback';

/**
 * Replace, with its confirmation (docs/cards.md): the reason, and in words what happens, the card
 * blocked at once and for good, a new number issued free on the same account with the same limits
 * (a physical one sent to the same address). Nothing is sent before the client confirms.
 */
export function ReplaceButton({ card, onChanged, onStale }: Omit<CardControlProps, 'onProblem'> & { card: Card }) {
  const { t } = useTranslation('cards');
  const errorText = useFieldErrorText();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const change = useCardChange(onStale, setProblem);
  const errorId = useId();

  // Steady, and refused while the replacement is on its way (see useSteadyCallback).
  const close = useSteadyCallback(() => {
    if (change.busy) return;
    setOpen(false);
    setReason('');
    setReasonError(null);
    setProblem(null);
  });

  const confirm = async () => {
    const checked = validate(replaceCardRequestSchema, { reason });
    if (!checked.data) return setReasonError(checked.errors.reason?.[0] ?? 'validation.replaceReason.invalid');
    const result = await change.send((token) => replaceCard(token, card.id, checked.data), t('replace.failed'));
    if (result && 'card' in result) {
      setOpen(false);
      setReason('');
      onChanged(t('replace.done', { old: card.last4, last4: result.card.last4 }));
    }
  };

  return (
    <>
      <button type="button" className="button button--secondary" aria-label={t('replace.buttonFor', { last4: card.last4 })} onClick={() => setOpen(true)}>
        {t('replace.button')}
      </button>
      {open ? (
        <Modal
          title={t('replace.title', { last4: card.last4 })}
          onClose={close}
          actions={
            <>
              <button type="button" className="button button--secondary" disabled={change.busy} onClick={close}>
                {t('replace.keep')}
              </button>
              <button type="button" className="button card-button--danger" disabled={change.busy} onClick={() => void confirm()}>
                {change.busy ? t('replace.working') : t('replace.confirm')}
              </button>
            </>
          }
        >
          <div className="card-dialog">
            <fieldset className="card-choices" aria-describedby={reasonError ? errorId : undefined} aria-invalid={reasonError ? true : undefined}>
              <legend>{t('replace.reason')}</legend>
              {CARD_REPLACE_REASONS.map((value) => (
                <label key={value} className="card-choice">
                  <input
                    type="radio"
                    name={`replace-reason-${card.id}`}
                    value={value}
                    checked={reason === value}
                    onChange={() => {
                      setReason(value);
                      setReasonError(null);
                    }}
                  />
                  {t(`replace.reasons.${value}`)}
                </label>
              ))}
              {reasonError ? (
                <span id={errorId} className="field__error">
                  {errorText(reasonError)}
                </span>
              ) : null}
            </fieldset>
            <p className="card-warning">{t('replace.text', { last4: card.last4 })}</p>
            {card.type === 'physical' ? <p className="cards__note">{t('replace.physical')}</p> : null}
            {problem ? (
              <p className="cards__problem" role="alert">
                {problem}
              </p>
            ) : null}
          </div>
        </Modal>
      ) : null}
    </>
  );
}
