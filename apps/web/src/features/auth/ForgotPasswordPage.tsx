import { passwordRefreshRequestSchema } from '@bank/contracts/users/password-refresh';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../app/paths';
import { Popup } from '../../ui/Popup';
import { usePageTitle } from '../../ui/usePageTitle';
import { AuthLayout, BackArrow } from './AuthLayout';
import { authApi } from './authApi';
import { InputField } from '../../ui/FormField';
import { useTypedValues } from '../../prerender/typedValues';
import { validate } from '../../lib/formValidation';
import { DRAWN_FORM_METHOD } from '../../prerender/markers';

/**
 * /forgot_password (docs/product.md#screens-and-routes): an e-mail and a continue button; the bank mails a reset link. The
 * answer is the same whether or not the e-mail is a client's.
 */
export function Component() {
  const { t } = useTranslation('auth');
  usePageTitle('screens.forgotPassword');
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  useTypedValues(['email'], (typed) => setEmail(typed.email ?? ''));
  const [touched, setTouched] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [outcome, setOutcome] = useState<'success' | 'error' | null>(null);
  const result = validate(passwordRefreshRequestSchema, { email });
  const valid = result.data !== null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!result.data || submitting) return;
    setSubmitting(true);
    try {
      await authApi.requestPasswordReset(result.data.email);
      setOutcome('success');
    } catch {
      setOutcome('error');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout>
      <form className="auth-form" method={DRAWN_FORM_METHOD} onSubmit={submit} noValidate>
        <BackArrow label={t('backToLogin')} to={paths.login} />
        <h1>{t('forgot.title')}</h1>
        <p className="auth-card__lead">{t('forgot.lead')}</p>
        <InputField
          label={t('fields.email')}
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onValue={setEmail}
          onBlur={() => setTouched(true)}
          error={touched ? result.errors?.email : undefined}
          required
        />
        <button type="submit" className="button auth-form__submit" disabled={!valid || submitting}>
          {submitting ? t('forgot.submitting') : t('forgot.submit')}
        </button>
        <p className="auth-card__switch">
          {t('login.noAccount')} <Link to={paths.register}>{t('login.signUp')}</Link>
        </p>
      </form>
      {outcome === 'success' ? <Popup tone="success" message={t('forgot.sent')} onClose={() => navigate(paths.login)} /> : null}
      {outcome === 'error' ? <Popup tone="error" onClose={() => setOutcome(null)} /> : null}
    </AuthLayout>
  );
}
