import { passwordResetFormSchema } from '@bank/contracts/users/password-reset';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../ui/SubmitButton';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../app/paths';
import { ApiError } from '../../lib/api';
import { Popup } from '../../ui/Popup';
import { usePageTitle } from '../../ui/usePageTitle';
import { AuthLayout, BackArrow } from './AuthLayout';
import { authApi } from './authApi';
import { PasswordField } from '../../ui/FormField';
import { useSchemaForm } from '../../ui/useSchemaForm';
import { DRAWN_FORM_METHOD } from '../../prerender/markers';

/**
 * /reset_password?token=… (docs/api.md): the page of the mailed link. A new password (rule of docs/product.md#validation)
 * typed twice; success signs the client out everywhere and leads to sign-in.
 */
export function Component() {
  const { t } = useTranslation('auth');
  usePageTitle('screens.resetPassword');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const form = useSchemaForm(passwordResetFormSchema, { newPassword: '', confirmPassword: '' });
  const [submitting, setSubmitting] = useState(false);
  const [outcome, setOutcome] = useState<'success' | 'invalidLink' | 'error' | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const data = form.submit();
    if (!data || submitting) return;
    setSubmitting(true);
    try {
      await authApi.resetPassword({ token, newPassword: data.newPassword });
      setOutcome('success');
    } catch (error) {
      setOutcome(error instanceof ApiError && error.body?.fields?.token ? 'invalidLink' : 'error');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout>
      <BackArrow label={t('backToLogin')} to={paths.login} />
      <h1>{t('reset.title')}</h1>
      {token.length < 16 || outcome === 'invalidLink' ? (
        <div className="auth-form">
          <p className="auth-card__lead" role="alert">
            {t('reset.invalidLink')}
          </p>
          <Link className="button auth-form__submit" to={paths.forgotPassword}>
            {t('reset.requestNew')}
          </Link>
        </div>
      ) : (
        <form className="auth-form" method={DRAWN_FORM_METHOD} onSubmit={submit} noValidate>
          <p className="auth-card__lead">{t('reset.lead')}</p>
          <PasswordField
            label={t('fields.newPassword')}
            autoComplete="new-password"
            {...form.field('newPassword')}
            hint={t('passwordHelp')}
            required
          />
          <PasswordField
            label={t('fields.confirmPassword')}
            autoComplete="new-password"
            {...form.field('confirmPassword')}
            required
          />
          <SubmitButton className="auth-form__submit" busy={submitting} label={t('reset.submit')} busyLabel={t('reset.submitting')} />
        </form>
      )}
      {outcome === 'success' ? <Popup tone="success" message={t('reset.done')} onClose={() => navigate(paths.login)} /> : null}
      {outcome === 'error' ? <Popup tone="error" onClose={() => setOutcome(null)} /> : null}
    </AuthLayout>
  );
}
