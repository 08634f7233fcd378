import { operatorPasswordChangeRequestSchema } from '@bank/contracts/backoffice/operators';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { PasswordField } from '../../../ui/FormField';
import { SubmitButton } from '../../../ui/SubmitButton';
import { useSchemaForm } from '../../../ui/useSchemaForm';
import { backoffice } from '../api';
import { BackofficeScreen, Details, Problem } from '../parts';
import { useOperatorSession } from '../session';
import { useServerSubmit } from '../useServerSubmit';

/** The contract's body, and the new password typed twice: a typing error would lock the operator out. */
const passwordFormSchema = operatorPasswordChangeRequestSchema
  .extend({ confirmPassword: z.string().min(1, 'validation.password.confirmRequired') })
  .refine((form) => form.confirmPassword === '' || form.newPassword === form.confirmPassword, { path: ['confirmPassword'], message: 'validation.password.mismatch' });

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * /backoffice/account: who is signed in, with which roles, and a change of their own password (their
 * other sessions end). A wrong current password comes back as that field's error.
 */
export function AccountScreen() {
  const { t } = useTranslation('backoffice');
  const session = useOperatorSession();
  const [changed, setChanged] = useState(false);
  const form = useSchemaForm(passwordFormSchema, EMPTY, { onEdit: () => setChanged(false) });
  const { busy, failure, run } = useServerSubmit();
  function change(event: FormEvent) {
    event.preventDefault();
    const input = form.submit();
    if (!input) return;
    const body = { currentPassword: input.currentPassword, newPassword: input.newPassword };
    void run(form, () => backoffice<unknown>('POST', 'password', { body }), () => {
      form.reset();
      setChanged(true);
    });
  }
  if (!session) return null;
  const { operator } = session;
  return (
    <BackofficeScreen title={t('account.title')} lead={t('account.lead')}>
      <div className="backoffice-account">
        <Details
          rows={[
            [t('account.name'), operator.name],
            [t('account.email'), operator.email],
            [t('account.roles'), operator.roles.map((role) => t(`roles.${role}`)).join(', ')],
          ]}
        />
        <form className="backoffice-card backoffice-form" onSubmit={change} noValidate aria-labelledby="bo-password-heading">
          <h2 id="bo-password-heading" className="backoffice__subheading">
            {t('account.passwordTitle')}
          </h2>
          <PasswordField label={t('account.currentPassword')} autoComplete="current-password" required {...form.field('currentPassword')} />
          <PasswordField label={t('account.newPassword')} autoComplete="new-password" hint={t('passwordRule')} required {...form.field('newPassword')} />
          <PasswordField label={t('account.confirmPassword')} autoComplete="new-password" required {...form.field('confirmPassword')} />
          {changed ? (
            <p className="backoffice__success" role="status">
              {t('account.passwordChanged')}
            </p>
          ) : null}
          {failure ? <Problem error={failure} /> : null}
          <SubmitButton busy={busy} label={t('account.changePassword')} busyLabel={t('busy')} />
        </form>
      </div>
    </BackofficeScreen>
  );
}
