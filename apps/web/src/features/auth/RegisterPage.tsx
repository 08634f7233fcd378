import { registrationRequestSchema } from '@bank/contracts/auth/register';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { paths } from '../../app/paths';
import { Popup } from '../../ui/Popup';
import { usePageTitle } from '../../ui/usePageTitle';
import { registrationErrorKey, signInErrorKey } from './apiErrors';
import { AuthLayout, BackArrow } from './AuthLayout';
import { authApi } from './authApi';
import { CodeStep } from './CodeStep';
import { PasswordField, SelectField, TextField } from './fields';
import { useCompleteSignIn } from './useCompleteSignIn';
import { registrationSucceeded } from './userSlice';
import { validate, type FieldErrors } from './validation';

type Form = { email: string; phone: string; password: string; accountType: '' | 'personal' | 'business' };
const emptyForm: Form = { email: '', phone: '', password: '', accountType: '' };

/**
 * /register (SPEC §2): e-mail, phone, password and account type (individual or corporate), each
 * rule with its own message; then the e-mail code, which signs the new client in.
 */
export function Component() {
  const { t } = useTranslation('auth');
  usePageTitle('screens.register');
  const dispatch = useAppDispatch();
  const completeSignIn = useCompleteSignIn();
  const [step, setStep] = useState<'form' | 'code'>('form');
  const [form, setForm] = useState<Form>(emptyForm);
  const [touched, setTouched] = useState<Partial<Record<keyof Form, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);

  const result = validate(registrationRequestSchema, { ...form, type: form.accountType });
  const errors: FieldErrors = result.errors ?? {};
  const shown = (field: keyof Form) => (submitted || touched[field] ? errors[field] : undefined);
  const set = (field: keyof Form) => (value: string) => setForm((current) => ({ ...current, [field]: value }));
  const blur = (field: keyof Form) => () => setTouched((current) => ({ ...current, [field]: true }));

  const register = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!result.data || submitting) return;
    setSubmitting(true);
    try {
      const { email, phone, password, accountType } = result.data;
      await authApi.register({ email, phone, password, accountType, type: accountType });
      dispatch(registrationSucceeded());
      setStep('code');
    } catch (error) {
      setErrorKey(registrationErrorKey(error));
    } finally {
      setSubmitting(false);
    }
  };

  const submitCode = async (code: string) => {
    try {
      await completeSignIn({ email: form.email.trim(), password: form.password }, code);
    } catch (error) {
      setErrorKey(signInErrorKey(error));
    }
  };

  return (
    <AuthLayout>
      {step === 'form' ? (
        <form className="auth-form" onSubmit={register} noValidate>
          <BackArrow label={t('backToHome')} to={paths.home} />
          <h1>{t('register.title')}</h1>
          <p className="auth-card__lead">{t('register.lead')}</p>
          <TextField
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            value={form.email}
            onValue={set('email')}
            onBlur={blur('email')}
            errors={shown('email')}
            required
          />
          <TextField
            label={t('fields.phone')}
            type="tel"
            autoComplete="tel"
            placeholder={t('placeholders.phone')}
            value={form.phone}
            onValue={set('phone')}
            onBlur={blur('phone')}
            errors={shown('phone')}
            required
          />
          <PasswordField
            label={t('fields.password')}
            autoComplete="new-password"
            value={form.password}
            onValue={set('password')}
            onBlur={blur('password')}
            errors={shown('password')}
            hint={t('passwordHelp')}
            required
          />
          <SelectField
            label={t('fields.accountType')}
            value={form.accountType}
            onValue={set('accountType')}
            onBlur={blur('accountType')}
            errors={shown('accountType')}
            required
          >
            <option value="" disabled>
              {t('register.chooseType')}
            </option>
            <option value="personal">{t('register.individual')}</option>
            <option value="business">{t('register.corporate')}</option>
          </SelectField>
          <button type="submit" className="button auth-form__submit" disabled={submitting}>
            {submitting ? t('register.submitting') : t('register.submit')}
          </button>
          <p className="auth-card__switch">
            {t('register.haveAccount')} <Link to={paths.login}>{t('register.signIn')}</Link>
          </p>
        </form>
      ) : (
        <CodeStep email={form.email.trim()} onSubmit={submitCode} onBack={() => setStep('form')} />
      )}
      {errorKey ? <Popup tone="error" message={t(errorKey)} onClose={() => setErrorKey(null)} /> : null}
    </AuthLayout>
  );
}
