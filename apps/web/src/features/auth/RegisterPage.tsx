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
import { InputField, PasswordField, SelectField } from '../../ui/FormField';
import { useCompleteSignIn } from './useCompleteSignIn';
import { registrationSucceeded } from './userSlice';
import { SubmitButton } from '../../ui/SubmitButton';
import { useSchemaForm } from '../../ui/useSchemaForm';
import { DRAWN_FORM_METHOD } from '../../prerender/markers';

type Form = { email: string; phone: string; password: string; accountType: '' | 'personal' | 'business' };
const emptyForm: Form = { email: '', phone: '', password: '', accountType: '' };

/**
 * /register (docs/product.md#screens-and-routes): e-mail, phone, password and account type (individual or corporate), each
 * rule with its own message; then the e-mail code, which signs the new client in.
 */
export function Component() {
  const { t } = useTranslation('auth');
  usePageTitle('screens.register');
  const dispatch = useAppDispatch();
  const completeSignIn = useCompleteSignIn();
  const [step, setStep] = useState<'form' | 'code'>('form');
  const form = useSchemaForm(registrationRequestSchema, emptyForm, { toInput: (values) => ({ ...values, type: values.accountType }) });
  const [submitting, setSubmitting] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const email = form.values.email.trim();

  const register = async (event: FormEvent) => {
    event.preventDefault();
    const data = form.submit();
    if (!data || submitting) return;
    setSubmitting(true);
    try {
      const { email, phone, password, accountType } = data;
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
      await completeSignIn({ email, password: form.values.password }, code);
    } catch (error) {
      setErrorKey(signInErrorKey(error));
    }
  };

  return (
    <AuthLayout>
      {step === 'form' ? (
        <form className="auth-form" method={DRAWN_FORM_METHOD} onSubmit={register} noValidate>
          <BackArrow label={t('backToHome')} to={paths.home} />
          <h1>{t('register.title')}</h1>
          <p className="auth-card__lead">{t('register.lead')}</p>
          <InputField
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            {...form.field('email')}
            required
          />
          <InputField
            label={t('fields.phone')}
            type="tel"
            autoComplete="tel"
            placeholder={t('placeholders.phone')}
            {...form.field('phone')}
            required
          />
          <PasswordField
            label={t('fields.password')}
            autoComplete="new-password"
            {...form.field('password')}
            hint={t('passwordHelp')}
            required
          />
          <SelectField
            label={t('fields.accountType')}
            {...form.field('accountType')}
            required
          >
            <option value="" disabled>
              {t('register.chooseType')}
            </option>
            <option value="personal">{t('register.individual')}</option>
            <option value="business">{t('register.corporate')}</option>
          </SelectField>
          <SubmitButton className="auth-form__submit" busy={submitting} label={t('register.submit')} busyLabel={t('register.submitting')} />
          <p className="auth-card__switch">
            {t('register.haveAccount')} <Link to={paths.login}>{t('register.signIn')}</Link>
          </p>
        </form>
      ) : (
        <CodeStep email={email} onSubmit={submitCode} onBack={() => setStep('form')} />
      )}
      {errorKey ? <Popup tone="error" message={t(errorKey)} onClose={() => setErrorKey(null)} /> : null}
    </AuthLayout>
  );
}
