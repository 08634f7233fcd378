import type { ErrorBody } from '@bank/contracts/errors';
import { useTranslation } from 'react-i18next';
import { errorTextKeys } from '../lib/errorKeys';
import { useFieldErrorText } from './FormField';

/**
 * Why the bank refused a call, in the reader's language: the refused field's key (its translation
 * lives with the other validation texts, or with the screen's), else the error code's text in the
 * screen's `namespace`; null when neither is known, and the screen says it in general words.
 */
export function useFailureText(namespace: string): (body: ErrorBody | null) => string | null {
  const { t, i18n } = useTranslation(namespace);
  const fieldText = useFieldErrorText();
  return (body) => {
    const [first] = errorTextKeys(body);
    if (first?.startsWith('validation.')) return fieldText(first);
    const known = errorTextKeys(body).find((key) => i18n.exists(key, { ns: namespace }));
    return known ? t(known) : null;
  };
}
