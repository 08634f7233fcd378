import { passwordChangeRequestSchema } from '@bank/contracts/users/password-change';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { ApiError } from '../../lib/api';
import { Popup } from '../../ui/Popup';
import { authApi } from '../auth';
import { PasswordField } from '../../ui/FormField';
import { SubmitButton } from '../../ui/SubmitButton';
import { useSchemaForm } from '../../ui/useSchemaForm';
import { serverFieldErrors } from '../../lib/formValidation';
import { selectUserToken } from '../auth';

const emptyForm = { oldPassword: '', newPassword: '', confirmPassword: '' };
type FieldName = keyof typeof emptyForm;

/**
 * Password change (docs/product.md): current, new and confirmed password with the strength help text.
 * Success shows 'Your password has been successfully updated.' and clears the form; a failure opens
 * a modal asking to check the data. Other devices are signed out by the server.
 */
export function PasswordChangeForm() {
  const { t } = useTranslation('settings');
  const token = useAppSelector(selectUserToken);
  const [submitting, setSubmitting] = useState(false);
  const [succeeded, setSucceeded] = useState(false);
  const [failed, setFailed] = useState(false);
  const form = useSchemaForm(passwordChangeRequestSchema, emptyForm, { onEdit: () => setSucceeded(false) });
  const field = (name: FieldName, autoComplete: string, hint?: string) => (
    <PasswordField label={t(`password.${name}`)} {...form.field(name)} autoComplete={autoComplete} hint={hint} required />
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const data = form.submit();
    if (!data || submitting || !token) return;
    setSubmitting(true);
    try {
      await authApi.changePassword(token, data);
      form.reset();
      setSucceeded(true);
    } catch (error) {
      if (error instanceof ApiError && error.isInvalidAuthorization) return;
      if (error instanceof ApiError && error.body?.fields) form.setServerErrors(serverFieldErrors(error.body.fields));
      setFailed(true);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form className="password-form" onSubmit={submit} noValidate aria-labelledby="password-heading">
      <h2 id="password-heading">{t('password.title')}</h2>
      {field('oldPassword', 'current-password')}
      {field('newPassword', 'new-password', t('password.help'))}
      {field('confirmPassword', 'new-password')}
      {succeeded ? (
        <p className="password-form__success" role="status">
          {t('password.success')}
        </p>
      ) : null}
      <SubmitButton busy={submitting} label={t('password.submit')} busyLabel={t('password.submitting')} />
      {failed ? <Popup tone="error" message={t('password.error')} onClose={() => setFailed(false)} /> : null}
    </form>
  );
}
