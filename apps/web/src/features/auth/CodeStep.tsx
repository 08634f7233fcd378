import { LOGIN_CODE_TTL_SECONDS, emailCodeSchema } from '@bank/contracts/auth/codes';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BackArrow } from './AuthLayout';
import { OneTimeCodeField } from '../../ui/FormField';
import { formatMinutesSeconds, useCountdown } from './useCountdown';

/**
 * The e-mail code step of sign-in and registration (docs/product.md#screens-and-routes): the 6-digit code with a 2:00
 * countdown shown as mm:ss; at zero the flow goes back to step 1. The button waits for 6 digits.
 */
export function CodeStep({
  email,
  onSubmit,
  onBack,
}: {
  email: string;
  onSubmit: (code: string) => Promise<void>;
  onBack: () => void;
}) {
  const { t } = useTranslation('auth');
  const [code, setCode] = useState('');
  const secondsLeft = useCountdown(LOGIN_CODE_TTL_SECONDS, onBack);
  const valid = emailCodeSchema.safeParse(code).success;
  const { submitting, submit } = useCodeSubmit(valid, code, onSubmit);

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <BackArrow label={t('back')} onClick={onBack} />
      <h1>{t('code.title')}</h1>
      <p className="auth-card__lead">{t('code.text', { email })}</p>
      <OneTimeCodeField label={t('fields.code')} value={code} onValue={setCode} className="code-field" autoFocus required />
      <p className="countdown" role="timer" aria-live="off">
        {t('code.timer')} <strong>{formatMinutesSeconds(secondsLeft)}</strong>
      </p>
      <button type="submit" className="button auth-form__submit" disabled={!valid || submitting}>
        {submitting ? t('code.submitting') : t('code.submit')}
      </button>
    </form>
  );
}

/** Sends a valid code once at a time, and says while it is being checked. */
export function useCodeSubmit(valid: boolean, code: string, onSubmit: (code: string) => Promise<void>) {
  const [submitting, setSubmitting] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || submitting) return;
    setSubmitting(true);
    try {
      await onSubmit(code.trim());
    } finally {
      setSubmitting(false);
    }
  };
  return { submitting, submit };
}
