import { signInCredentialsSchema } from '@bank/contracts/auth/fields';
import { totpCodeSchema, type OperatorLoginResponse, type OperatorSignedIn } from '@bank/contracts/backoffice/sign-in';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { ApiError } from '../../lib/api';
import { InputField, PasswordField } from '../../ui/FormField';
import { SubmitButton } from '../../ui/SubmitButton';
import { usePageTitle } from '../../ui/usePageTitle';
import { useSchemaForm } from '../../ui/useSchemaForm';
import { backoffice, problemOf } from './api';
import { SignInCard } from './parts';
import { startOperatorSession, takeExpiredNotice } from './session';
import { useServerSubmit } from './useServerSubmit';

const codeSchema = z.object({ totpCode: totpCodeSchema });

/**
 * /backoffice/login: e-mail and password, then the code of the operator's authenticator app.
 * Operators set up their password and authenticator only through their invitation's link
 * (EnrolmentScreen), never here.
 */
export function SignInScreen() {
  const { t } = useTranslation('backoffice');
  usePageTitle('signIn.title', 'backoffice');
  const navigate = useNavigate();
  const [expired] = useState(takeExpiredNotice);
  const [step, setStep] = useState<'credentials' | 'code'>('credentials');
  const { busy, failure, run, clearFailure } = useServerSubmit();
  const credentials = useSchemaForm(signInCredentialsSchema, { email: '', password: '' });
  const code = useSchemaForm(codeSchema, { totpCode: '' });

  const problem = failure
    ? failure instanceof ApiError && failure.body?.code === 'INVALID_CREDENTIALS'
      ? t('signIn.invalid')
      : t(problemOf(failure).key)
    : null;

  function signedIn(answer: OperatorSignedIn) {
    startOperatorSession({ token: answer.operatorToken, operator: answer.operator });
    void navigate('/backoffice', { replace: true });
  }

  function goTo(next: typeof step) {
    clearFailure();
    setStep(next);
  }

  function submitCredentials(event: FormEvent) {
    event.preventDefault();
    const input = credentials.submit();
    if (!input) return;
    void run(credentials, () => backoffice<OperatorLoginResponse>('POST', 'login', { body: input }), (answer) => {
      if ('operatorToken' in answer) signedIn(answer);
      else goTo('code');
    });
  }

  function submitCode(event: FormEvent) {
    event.preventDefault();
    const input = code.submit();
    const account = credentials.submit();
    if (!input || !account) return;
    const body = { ...account, totpCode: input.totpCode };
    // With the code given, the answer is a session.
    void run(code, () => backoffice<OperatorSignedIn>('POST', 'login', { body }), signedIn);
  }

  return (
    <SignInCard>
      {expired ? (
        <p className="backoffice__notice" role="status">
          {t('signIn.expired')}
        </p>
      ) : null}
      {step === 'credentials' ? (
        <form onSubmit={submitCredentials} noValidate>
          <h1>{t('signIn.title')}</h1>
          <p className="backoffice__lead">{t('signIn.lead')}</p>
          <InputField label={t('signIn.email')} type="email" autoComplete="username" required {...credentials.field('email')} />
          <PasswordField label={t('signIn.password')} autoComplete="current-password" required {...credentials.field('password')} />
          {problem ? <p className="field__error" role="alert">{problem}</p> : null}
          <SubmitButton busy={busy} label={t('signIn.continue')} busyLabel={t('busy')} />
        </form>
      ) : (
        <form onSubmit={submitCode} noValidate>
          <h1>{t('signIn.codeTitle')}</h1>
          <p className="backoffice__lead">{t('signIn.codeLead')}</p>
          <InputField
            label={t('signIn.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            data-testid="bo-totp"
            {...code.field('totpCode')}
          />
          {problem ? <p className="field__error" role="alert">{problem}</p> : null}
          <div className="backoffice__actions">
            <button type="button" className="button button--secondary" onClick={() => goTo('credentials')}>
              {t('back')}
            </button>
            <SubmitButton busy={busy} label={t('signIn.submit')} busyLabel={t('busy')} />
          </div>
        </form>
      )}
    </SignInCard>
  );
}
