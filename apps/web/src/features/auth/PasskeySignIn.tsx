import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { ceremonyFailure, preloadWebAuthn } from '../../lib/webauthn';
import { usePasskeySignIn } from './useCompleteSignIn';

/**
 * "Sign in with a passkey", under the credentials form: no e-mail, password or code, the browser
 * offers the passkeys it has for the bank. A ceremony the person cancels (or lets time out) only
 * says so quietly; a passkey the bank does not know, or a refusal, opens the error popup.
 */
export function PasskeySignIn({ onError }: { onError: (key: string) => void }) {
  const { t } = useTranslation('auth');
  const signIn = usePasskeySignIn();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);

  const start = async () => {
    if (busy) return;
    setBusy(true);
    setNote(null);
    try {
      await signIn();
    } catch (error) {
      if (error instanceof ApiError) {
        onError(error.status === 429 ? 'errors.tooMany' : error.status === 400 ? 'passkey.notRecognised' : 'errors.server');
      } else {
        const failure = ceremonyFailure(error);
        if (failure === 'cancelled') setNote(t('passkey.cancelled'));
        else if (failure === 'unsupported') setNote(t('passkey.unsupported'));
        else onError('errors.server');
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="passkey-sign-in">
      <p className="auth-form__or">{t('passkey.or')}</p>
      <button
        type="button"
        className="button button--secondary auth-form__passkey"
        onClick={() => void start()}
        onPointerEnter={preloadWebAuthn}
        onFocus={preloadWebAuthn}
        disabled={busy}
      >
        <KeyIcon />
        {busy ? t('passkey.working') : t('passkey.signIn')}
      </button>
      {note ? (
        <p className="auth-form__note" role="status">
          {note}
        </p>
      ) : null}
    </div>
  );
}

function KeyIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <circle cx="8" cy="15" r="4" />
      <path d="M10.85 12.15 19 4" />
      <path d="m18 5 2 2" />
      <path d="m15 8 2 2" />
    </svg>
  );
}
