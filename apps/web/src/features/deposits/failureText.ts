import type { ErrorBody } from '@bank/contracts/errors';
import { useTranslation } from 'react-i18next';
import { errorTextKeys } from '../../lib/errorKeys';
import { useFieldErrorText } from '../../ui/FormField';

/**
 * Why the bank refused a deposit call, in the reader's language: the refused field's key (its
 * translation lives with the other validation texts, or with this screen's), else the error code's
 * text of this screen; null when neither is known, and the screen says it in general words.
 */
export function useFailureText(): (body: ErrorBody | null) => string | null {
  const { t, i18n } = useTranslation('deposits');
  const fieldText = useFieldErrorText();
  return (body) => {
    const [first] = errorTextKeys(body);
    if (first?.startsWith('validation.')) return fieldText(first);
    const known = errorTextKeys(body).find((key) => i18n.exists(key, { ns: 'deposits' }));
    return known ? t(known) : null;
  };
}
