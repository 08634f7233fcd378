import { CARD_REVEAL_SHOWN_SECONDS, type Card, type RevealedCard } from '@bank/contracts/cards/cards';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { ApiError } from '../../lib/api';
import { focusFirstError, OneTimeCodeField, PasswordField } from '../../ui/FormField';
import { Modal } from '../../ui/Modal';
import { useFailureText } from '../../ui/useFailureText';
import { useSchemaForm } from '../../ui/useSchemaForm';
import { selectUser, selectUserToken } from '../auth';
import { revealCard } from './cardsApi';
import { EMPTY_REVEAL, retryAfterMinutes, revealFieldErrors, revealFormSchema, revealRequestOf } from './revealForm';
import { useSteadyCallback } from './useSteadyCallback';

/**
 * The step-up before a card's details show (docs/cards.md): the password, and the authenticator's
 * code where the client uses one. The details go straight to the card that shows them; the password
 * leaves with the dialog. A wrong answer shows under its field, any other refusal in a sentence.
 */
export function RevealDialog({ card, onRevealed, onClose }: { card: Card; onRevealed: (details: RevealedCard) => void; onClose: () => void }) {
  const { t } = useTranslation('cards');
  const token = useAppSelector(selectUserToken);
  const withApp = useAppSelector(selectUser).verificationsList?.twoFaVerifyEnabled === true;
  const form = useSchemaForm(revealFormSchema(withApp), EMPTY_REVEAL);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const reasonOf = useFailureText('cards');
  const formId = useId();
  // Steady, and refused while the step-up is being checked (see useSteadyCallback).
  const dismiss = useSteadyCallback(() => {
    if (!busy) onClose();
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const values = form.submit();
    if (!values) return focusFirstError(element);
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const details = await revealCard(token, card.id, revealRequestOf(values, withApp));
      onRevealed(details);
    } catch (error) {
      setBusy(false);
      if (!(error instanceof ApiError)) return setProblem(t('reveal.failed'));
      if (error.isInvalidAuthorization) return onClose();
      const fields = revealFieldErrors(error.body?.fields);
      if (Object.keys(fields).length > 0) {
        form.setServerErrors(fields);
        return focusFirstError(element);
      }
      if (error.status === 429) {
        const minutes = retryAfterMinutes(error.body);
        return setProblem(minutes ? t('reveal.tooManyFor', { minutes }) : t('reveal.tooMany'));
      }
      if (error.status === 409) return setProblem(t('reveal.unreadable'));
      const reason = reasonOf(error.body);
      setProblem(reason ? `${t('reveal.failed')} ${reason}` : t('reveal.failed'));
    }
  };

  return (
    <Modal
      title={t('reveal.title', { last4: card.last4 })}
      onClose={dismiss}
      actions={
        <>
          <button type="button" className="button button--secondary" disabled={busy} onClick={onClose}>
            {t('reveal.cancel')}
          </button>
          <button type="submit" form={formId} className="button" disabled={busy}>
            {busy ? t('reveal.checking') : t('reveal.submit')}
          </button>
        </>
      }
    >
      <form id={formId} className="card-dialog" noValidate onSubmit={(event) => void submit(event)}>
        <p>{withApp ? t('reveal.textWithApp') : t('reveal.text')}</p>
        <PasswordField label={t('reveal.password')} {...form.field('password')} autoComplete="current-password" required />
        {withApp ? <OneTimeCodeField label={t('reveal.code')} {...form.field('totpCode')} required /> : null}
        {problem ? (
          <p className="cards__problem" role="alert">
            {problem}
          </p>
        ) : null}
        <p className="cards__note">{t('reveal.privacy', { seconds: CARD_REVEAL_SHOWN_SECONDS })}</p>
      </form>
    </Modal>
  );
}
