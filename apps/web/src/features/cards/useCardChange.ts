import type { Card } from '@bank/contracts/cards/cards';
import type { ErrorBody } from '@bank/contracts/errors';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import type { FieldErrors } from '../../lib/formValidation';
import { endedTheSession } from '../../lib/submitTransaction';
import { useFailureText } from '../../ui/useFailureText';
import { selectUserToken } from '../auth';
import type { CardChange } from './cardsApi';
import { conflictingStatus } from './cardRules';

/** What a change came to: the card as it now stands, errors to show under fields, or nothing more to do here. */
export type ChangeResult = { card: Card } | { fields: FieldErrors } | null;

/**
 * One change to a card (freeze, limits, replace, activate): sent once at a time, and its refusal
 * handed to `onProblem` as a sentence (`failedText` and the bank's reason), unless it names fields
 * the form has (`fieldsOf`); a new attempt clears it. A card that changed meanwhile (409) or is gone (404) has the list read again
 * (`onStale`); a session that ended is the cabinet's modal to show, not this.
 */
export function useCardChange(onStale: () => void, onProblem: (text: string | null) => void) {
  const { t } = useTranslation('cards');
  const token = useAppSelector(selectUserToken);
  const reasonOf = useFailureText('cards');
  const [busy, setBusy] = useState(false);

  const refusalText = (status: number, body: ErrorBody | null, failedText: string): string => {
    const current = conflictingStatus(body);
    if (current) return t('failures.cardStatus', { status: t(`statuses.${current}`) });
    if (status === 0) return `${failedText} ${t('failures.noAnswer')}`;
    const reason = reasonOf(body);
    return reason ? `${failedText} ${reason}` : failedText;
  };

  const send = async (call: (token: string | null) => Promise<CardChange>, failedText: string, fieldsOf?: (body: ErrorBody | null) => FieldErrors): Promise<ChangeResult> => {
    if (busy) return null;
    setBusy(true);
    onProblem(null);
    const change = await call(token);
    setBusy(false);
    if (change.ok) return { card: change.card };
    if (endedTheSession(change)) return null;
    const fields = fieldsOf?.(change.body) ?? {};
    if (Object.keys(fields).length > 0) return { fields };
    onProblem(refusalText(change.status, change.body, failedText));
    if (change.status === 409 || change.status === 404) onStale();
    return null;
  };

  return { busy, send };
}
