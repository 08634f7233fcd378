import { completeEnrolmentRequestSchema, type EnrolmentInfo } from '@bank/contracts/backoffice/operators';
import type { OperatorSignedIn } from '@bank/contracts/backoffice/sign-in';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { ApiError, apiRequest } from '../../lib/api';
import { OneTimeCodeField, PasswordField } from '../../ui/FormField';
import { SubmitButton } from '../../ui/SubmitButton';
import { usePageTitle } from '../../ui/usePageTitle';
import { useSchemaForm } from '../../ui/useSchemaForm';
import { problemOf } from './api';
import { Details, SignInCard } from './parts';
import { EnrolmentQr } from './EnrolmentQr';
import { formatDateTime } from './format';
import { startOperatorSession } from './session';
import { useResource } from './useResource';
import { useServerSubmit } from './useServerSubmit';

/** The contract's body, and the password typed twice: nobody else can tell the operator what they typed. */
const enrolmentFormSchema = completeEnrolmentRequestSchema
  .extend({ confirmPassword: z.string().min(1, 'validation.password.confirmRequired') })
  .refine((form) => form.password === form.confirmPassword, { path: ['confirmPassword'], message: 'validation.password.mismatch' });

const EMPTY = { password: '', confirmPassword: '', totpCode: '' };

/** A link that is past its time, used or replaced: the server answers it as not found (or gone). */
function isSpentLink(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 410 || error.body?.details?.reason === 'enrolmentLink');
}

/**
 * /backoffice/enrol/:token, the page of an invitation's mailed link (outside the signed-in back
 * office, like sign-in): who is enrolled, the authenticator secret as a QR code and as text, and a
 * form to choose a password and confirm the authenticator with its first code. The answer is a
 * session, and the operator is in the back office. The calls go without any operator's token:
 * whoever holds the link is the one enrolling.
 */
export function EnrolmentScreen() {
  const { t, i18n } = useTranslation('backoffice');
  usePageTitle('enrol.title', 'backoffice');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const path = `backoffice/enrolment/${encodeURIComponent(token)}`;
  const info = useResource(() => apiRequest<EnrolmentInfo>('GET', path), [path]);
  const form = useSchemaForm(enrolmentFormSchema, EMPTY);
  const { busy, failure, run } = useServerSubmit();

  function complete(event: FormEvent) {
    event.preventDefault();
    const input = form.submit();
    if (!input) return;
    const body = { password: input.password, totpCode: input.totpCode };
    void run(form, () => apiRequest<OperatorSignedIn>('POST', path, { body }), (answer) => {
      startOperatorSession({ token: answer.operatorToken, operator: answer.operator });
      void navigate('/backoffice', { replace: true });
    });
  }

  const spent = isSpentLink(info.error) || isSpentLink(failure);
  // A wrong code or a weak password comes back as its field's error; this is anything else.
  const problem = failure ? t(problemOf(failure).key) : null;

  return (
    <SignInCard className="backoffice-enrol">
      {spent ? (
        <>
          <h1>{t('enrol.spentTitle')}</h1>
          <p className="backoffice__lead" role="alert">
            {t('enrol.spent')}
          </p>
        </>
      ) : info.error ? (
        <>
          <h1>{t('enrol.title')}</h1>
          <p className="backoffice__problem" role="alert">
            {t(problemOf(info.error).key)}
          </p>
          <button type="button" className="button button--secondary" onClick={info.reload}>
            {t('retry')}
          </button>
        </>
      ) : !info.data ? (
        <p className="backoffice__muted" role="status">
          {t('loading')}
        </p>
      ) : (
        <form onSubmit={complete} noValidate>
          <h1>{t('enrol.title')}</h1>
          <p className="backoffice__lead">{t('enrol.lead', { name: info.data.name })}</p>
          <Details
            rows={[
              [t('enrol.email'), info.data.email],
              [t('enrol.roles'), info.data.roles.map((role) => t(`roles.${role}`)).join(', ')],
              [t('enrol.validUntil'), formatDateTime(info.data.expiresAt, i18n.resolvedLanguage ?? 'en')],
            ]}
          />
          <h2 className="backoffice-enrol__step">{t('enrol.passwordStep')}</h2>
          <PasswordField label={t('enrol.password')} autoComplete="new-password" hint={t('passwordRule')} required {...form.field('password')} />
          <PasswordField label={t('enrol.confirmPassword')} autoComplete="new-password" required {...form.field('confirmPassword')} />
          <h2 className="backoffice-enrol__step">{t('enrol.authenticatorStep')}</h2>
          <p className="backoffice__lead">{t('enrol.authenticatorLead')}</p>
          <EnrolmentQr otpauthUrl={info.data.enrolment.otpauthUrl} alt={t('enrol.qrAlt')} />
          <p className="backoffice__secret">
            {t('enrol.secret')} <code data-testid="bo-enrol-secret">{info.data.enrolment.secret}</code>
          </p>
          <OneTimeCodeField label={t('enrol.code')} required data-testid="bo-totp" {...form.field('totpCode')} />
          {problem ? (
            <p className="field__error" role="alert">
              {problem}
            </p>
          ) : null}
          <SubmitButton busy={busy} label={t('enrol.submit')} busyLabel={t('busy')} />
        </form>
      )}
    </SignInCard>
  );
}
