import { passwordChangeRequestSchema } from '@bank/contracts/users/password-change';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { ApiError } from '../../lib/api';
import { Popup } from '../../ui/Popup';
import { authApi } from '../auth/authApi';
import { PasswordField } from '../auth/fields';
import { selectUserToken } from '../auth/userSlice';
import { serverFieldErrors, validate, type FieldErrors } from '../auth/validation';

const emptyForm = { oldPassword: '', newPassword: '', confirmPassword: '' };
type FieldName = keyof typeof emptyForm;

/**
 * SPEC §2/§8 password change: current, new and confirmed password with the strength help text.
 * Success shows 'Your password has been successfully updated.' and clears the form; a failure opens
 * a modal asking to check the data. Other devices are signed out by the server.
 */
export function PasswordChangeForm() {
  const { t } = useTranslation('settings');
  const token = useAppSelector(selectUserToken);
  const [form, setForm] = useState(emptyForm);
  const [touched, setTouched] = useState<Partial<Record<FieldName, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [succeeded, setSucceeded] = useState(false);
  const [failed, setFailed] = useState(false);

  const result = validate(passwordChangeRequestSchema, form);
  const errors: FieldErrors = { ...(result.errors ?? {}), ...serverErrors };
  const shown = (name: FieldName) => (touched[name] ? errors[name] : undefined);
  const field = (name: FieldName, autoComplete: string, hint?: string) => (
    <PasswordField
      label={t(`password.${name}`)}
      autoComplete={autoComplete}
      value={form[name]}
      onValue={(value) => {
        setForm((current) => ({ ...current, [name]: value }));
        setServerErrors({});
        setSucceeded(false);
      }}
      onBlur={() => setTouched((current) => ({ ...current, [name]: true }))}
      errors={shown(name)}
      hint={hint}
      required
    />
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ oldPassword: true, newPassword: true, confirmPassword: true });
    if (!result.data || submitting || !token) return;
    setSubmitting(true);
    try {
      await authApi.changePassword(token, result.data);
      setForm(emptyForm);
      setTouched({});
      setSucceeded(true);
    } catch (error) {
      if (error instanceof ApiError && error.isInvalidAuthorization) return;
      if (error instanceof ApiError && error.body?.fields) setServerErrors(serverFieldErrors(error.body.fields));
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
      <button type="submit" className="button" disabled={submitting}>
        {submitting ? t('password.submitting') : t('password.submit')}
      </button>
      {failed ? <Popup tone="error" message={t('password.error')} onClose={() => setFailed(false)} /> : null}
    </form>
  );
}
