import { secondFactorCodeSchema } from '@bank/contracts/auth/two-factor';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InputField, OneTimeCodeField } from '../../ui/FormField';
import { BackArrow } from './AuthLayout';
import { useCodeSubmit } from './CodeStep';

/**
 * Step 2 of sign-in for a client with an authenticator app: the app's 6-digit code, or one of the
 * recovery codes in its place. Nothing was mailed, so there is no countdown.
 */
export function AuthenticatorStep({ onSubmit, onBack }: { onSubmit: (code: string) => Promise<void>; onBack: () => void }) {
  const { t } = useTranslation('auth');
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const valid = secondFactorCodeSchema.safeParse(code).success && (recovery || /^\d{6}$/.test(code.trim()));
  const { submitting, submit } = useCodeSubmit(valid, code, onSubmit);

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <BackArrow label={t('back')} onClick={onBack} />
      <h1>{t('authenticator.title')}</h1>
      <p className="auth-card__lead">{recovery ? t('authenticator.recoveryText') : t('authenticator.text')}</p>
      {recovery ? (
        <InputField
          key="recovery"
          label={t('fields.recoveryCode')}
          value={code}
          onValue={(value) => setCode(value.slice(0, 11))}
          autoComplete="off"
          spellCheck={false}
          autoFocus
          required
        />
      ) : (
        <OneTimeCodeField key="app" label={t('fields.authenticatorCode')} value={code} onValue={setCode} className="code-field" autoFocus required />
      )}
      <p className="auth-form__aside">
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setRecovery((current) => !current);
            setCode('');
          }}
        >
          {recovery ? t('authenticator.useApp') : t('authenticator.useRecovery')}
        </button>
      </p>
      <button type="submit" className="button auth-form__submit" disabled={!valid || submitting}>
        {submitting ? t('code.submitting') : t('code.submit')}
      </button>
    </form>
  );
}
