import { PASSKEY_NAME_MAX_LENGTH, passkeyNameSchema, passkeyOptionsRequestSchema, type Passkey } from '@bank/contracts/auth/passkeys';
import { secondFactorCodeSchema } from '@bank/contracts/auth/two-factor';
import { z } from 'zod';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { ApiError } from '../../lib/api';
import { serverFieldErrors } from '../../lib/formValidation';
import { ceremonyFailure, createPasskey, preloadWebAuthn } from '../../lib/webauthn';
import { InputField, PasswordField } from '../../ui/FormField';
import { SubmitButton } from '../../ui/SubmitButton';
import { useSchemaForm } from '../../ui/useSchemaForm';
import { selectUser, selectUserToken } from '../auth';
import { passkeysApi } from './passkeysApi';

const addPasskeySchema = passkeyOptionsRequestSchema.extend({ name: passkeyNameSchema, code: z.string().optional() });
const addPasskeyWithAppSchema = passkeyOptionsRequestSchema.extend({ name: passkeyNameSchema, code: secondFactorCodeSchema });

const DEVICES: ReadonlyArray<[RegExp, string]> = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Macintosh|Mac OS X/, 'Mac'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** The system this browser runs on ("iPhone", "Windows"), to suggest a name the client will recognise. */
function thisDevice(): string | null {
  return DEVICES.find(([pattern]) => pattern.test(navigator.userAgent))?.[1] ?? null;
}

/**
 * Adding a passkey: the password (so that a session left open is not enough), a name suggested
 * from this device, then the browser's ceremony. A cancelled ceremony only says so; the form stays
 * for another try.
 */
export function AddPasskeyForm({ onAdded, onCancel }: { onAdded: (passkey: Passkey) => void; onCancel: () => void }) {
  const { t } = useTranslation('settings');
  const token = useAppSelector(selectUserToken);
  // With the authenticator app on, a passkey (which signs in without it) takes the app's code too.
  const withApp = useAppSelector(selectUser).verificationsList?.twoFaVerifyEnabled === true;
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const device = thisDevice();
  const form = useSchemaForm(withApp ? addPasskeyWithAppSchema : addPasskeySchema, { password: '', code: '', name: device ? t('passkeys.defaultName', { device }) : t('passkeys.defaultNameAnyDevice') });
  // The form open means a ceremony is near: the library that runs it starts loading now.
  useEffect(preloadWebAuthn, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const data = form.submit();
    if (!data || busy || !token) return;
    setBusy(true);
    setProblem(null);
    setNote(null);
    try {
      const options = await passkeysApi.registrationOptions(token, { password: data.password, code: withApp ? data.code : undefined });
      const response = await createPasskey(options);
      onAdded(await passkeysApi.add(token, { name: data.name, response }));
    } catch (error) {
      if (error instanceof ApiError) {
        if (error.isInvalidAuthorization) return;
        if (error.body?.fields) form.setServerErrors(serverFieldErrors(error.body.fields));
        else setProblem(error.status === 429 ? t('passkeys.tooMany') : error.status === 409 ? t('passkeys.limit') : t('passkeys.failed'));
        return;
      }
      const failure = ceremonyFailure(error);
      if (failure === 'cancelled') setNote(t('passkeys.cancelled'));
      else if (failure === 'alreadyRegistered') setProblem(t('passkeys.alreadyRegistered'));
      else if (failure === 'unsupported') setProblem(t('passkeys.unsupported'));
      else setProblem(t('passkeys.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="passkeys__form" onSubmit={submit} noValidate aria-labelledby="passkey-add-heading">
      <h3 id="passkey-add-heading">{t('passkeys.addTitle')}</h3>
      <p>{t('passkeys.addText')}</p>
      <PasswordField label={t('passkeys.password')} {...form.field('password')} autoComplete="current-password" required />
      {withApp ? <InputField label={t('twoFactor.codeOrRecovery')} {...form.field('code')} autoComplete="one-time-code" required /> : null}
      <InputField label={t('passkeys.name')} {...form.field('name')} maxLength={PASSKEY_NAME_MAX_LENGTH} autoComplete="off" hint={t('passkeys.nameHint')} required />
      {problem ? (
        <p className="passkeys__error" role="alert">
          {problem}
        </p>
      ) : null}
      {note ? (
        <p className="passkeys__note" role="status">
          {note}
        </p>
      ) : null}
      <div className="passkeys__actions">
        <SubmitButton busy={busy} label={t('passkeys.continue')} busyLabel={t('passkeys.working')} />
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
          {t('passkeys.cancel')}
        </button>
      </div>
    </form>
  );
}
