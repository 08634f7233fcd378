import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { Popup } from '../../ui/Popup';
import { usePageTitle } from '../../ui/usePageTitle';
import { signInErrorKey } from './apiErrors';
import { AuthLayout, BackArrow } from './AuthLayout';
import { authApi } from './authApi';
import { PasskeySignIn } from './PasskeySignIn';
import { InputField, PasswordField } from '../../ui/FormField';
import { useTypedValues } from '../../prerender/typedValues';
import { useCompleteSignIn } from './useCompleteSignIn';
import { loadChunk } from '../../app/lazy';
import { useLoadedLater } from '../../lib/useLoadedLater';
import { PageLoader } from '../../ui/PageLoader';
import { DRAWN_FORM_METHOD } from '../../prerender/markers';

// zod, the credentials' schema and the code steps (schemas too) load once the visitor turns to the
// form: set up at once, they would double the task that renders or takes over the sign-in page on a
// phone, and right after it they would still hold the page up before anyone types.
const loadCredentialsSchema = () => import('@bank/contracts/auth/login-step-one').then((module) => module.loginStepOneRequestSchema);
const loadCodeStep = () => loadChunk(() => import('./CodeStep')).then((module) => ({ default: module.CodeStep }));
const loadAuthenticatorStep = () => loadChunk(() => import('./AuthenticatorStep')).then((module) => ({ default: module.AuthenticatorStep }));
const CodeStep = lazy(loadCodeStep);
const AuthenticatorStep = lazy(loadAuthenticatorStep);

/**
 * /login (docs/product.md#screens-and-routes): step 1 takes e-mail and password and mails a code; step 2 takes the code (for a
 * client with an authenticator app, nothing is mailed and step 2 takes the app's code). Under step
 * 1, a passkey signs the client in on its own. The back arrow leads home from step 1 and back to
 * step 1 from step 2.
 */
export function Component() {
  const { t } = useTranslation('auth');
  usePageTitle('screens.login');
  const [step, setStep] = useState<'credentials' | 'code' | 'authenticator'>('credentials');
  const [credentials, setCredentials] = useState({ email: '', password: '' });
  useTypedValues(['email', 'password'], (typed) => setCredentials((current) => ({ ...current, ...typed })));
  const [submitting, setSubmitting] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const completeSignIn = useCompleteSignIn();
  // Focus, typing, a password manager's filling or what was typed before the take-over.
  const [formUsed, setFormUsed] = useState(false);
  const credentialsSchema = useLoadedLater(loadCredentialsSchema, formUsed || credentials.email !== '' || credentials.password !== '');
  // Until the schema is here the form is as drawn: "Continue" disabled.
  const valid = credentialsSchema?.safeParse(credentials).success ?? false;
  useEffect(() => {
    // Step 2 is ready by the time the code is asked for.
    if (credentialsSchema) void Promise.all([loadCodeStep(), loadAuthenticatorStep()]).catch(() => undefined);
  }, [credentialsSchema]);

  const requestCode = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || submitting) return;
    setSubmitting(true);
    try {
      const answer = await authApi.requestCode({ email: credentials.email.trim(), password: credentials.password });
      setStep(answer.codeSent ? 'code' : 'authenticator');
    } catch (error) {
      setErrorKey(signInErrorKey(error));
    } finally {
      setSubmitting(false);
    }
  };

  const submitCode = async (code: string) => {
    try {
      await completeSignIn({ email: credentials.email.trim(), password: credentials.password }, code);
    } catch (error) {
      setErrorKey(signInErrorKey(error));
    }
  };

  return (
    <AuthLayout>
      {step === 'credentials' ? (
        <form className="auth-form" method={DRAWN_FORM_METHOD} onSubmit={requestCode} onFocus={() => setFormUsed(true)} noValidate>
          <BackArrow label={t('backToHome')} to={paths.home} />
          <h1>{t('login.title')}</h1>
          <p className="auth-card__lead">{t('login.lead')}</p>
          <InputField
            label={t('fields.email')}
            name="email"
            type="email"
            autoComplete="email"
            value={credentials.email}
            onValue={(email) => setCredentials((current) => ({ ...current, email }))}
            required
          />
          <PasswordField
            label={t('fields.password')}
            name="password"
            autoComplete="current-password"
            value={credentials.password}
            onValue={(password) => setCredentials((current) => ({ ...current, password }))}
            required
          />
          <p className="auth-form__aside">
            <Link to={paths.forgotPassword}>{t('login.forgot')}</Link>
          </p>
          <button type="submit" className="button auth-form__submit" disabled={!valid || submitting}>
            {submitting ? t('login.submitting') : t('login.submit')}
          </button>
          <PasskeySignIn onError={setErrorKey} />
          <p className="auth-card__switch">
            {t('login.noAccount')} <Link to={paths.register}>{t('login.signUp')}</Link>
          </p>
        </form>
      ) : (
        <Suspense fallback={<PageLoader />}>
          {step === 'code' ? (
            <CodeStep email={credentials.email.trim()} onSubmit={submitCode} onBack={() => setStep('credentials')} />
          ) : (
            <AuthenticatorStep onSubmit={submitCode} onBack={() => setStep('credentials')} />
          )}
        </Suspense>
      )}
      {errorKey ? <Popup tone="error" message={t(errorKey)} onClose={() => setErrorKey(null)} /> : null}
    </AuthLayout>
  );
}
