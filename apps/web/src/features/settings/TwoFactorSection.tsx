import { totpCodeSchema } from '@bank/contracts/backoffice/sign-in';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ApiError } from '../../lib/api';
import { InputField, OneTimeCodeField, PasswordField } from '../../ui/FormField';
import { QrCode } from '../../ui/QrCode';
import { SubmitButton } from '../../ui/SubmitButton';
import { authApi, selectUser, selectUserToken, userRefreshed } from '../auth';

type Stage = { kind: 'off' } | { kind: 'setup'; secret: string; otpauthUrl: string } | { kind: 'codes'; recoveryCodes: string[] } | { kind: 'on' };

/** The recovery codes as a text file to keep. */
function downloadCodes(codes: string[], heading: string): void {
  const url = URL.createObjectURL(new Blob([`${heading}\n\n${codes.join('\n')}\n`], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'meridian-bank-recovery-codes.txt';
  link.click();
  // Some browsers start the download only after this task: the address must outlive it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Two-factor sign-in with an authenticator app: turned on by scanning the QR code (or typing the
 * secret) and confirming with the app's code; then the ten recovery codes, shown once, to copy or
 * download; the password is asked too. Turned off with the password and a code. Other devices are
 * signed out either way. The user data's twoFaVerifyEnabled follows.
 */
export function TwoFactorSection() {
  const { t } = useTranslation('settings');
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectUserToken);
  const enabled = useAppSelector(selectUser).verificationsList?.twoFaVerifyEnabled === true;
  const [stage, setStage] = useState<Stage>(enabled ? { kind: 'on' } : { kind: 'off' });
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);

  const refreshUser = async () => {
    if (token) dispatch(userRefreshed(await authApi.me(token)));
  };
  const run = async (work: () => Promise<void>) => {
    if (busy || !token) return;
    setBusy(true);
    setErrorKey(null);
    try {
      await work();
    } catch (error) {
      if (error instanceof ApiError && error.isInvalidAuthorization) return;
      const status = error instanceof ApiError ? error.status : 0;
      setErrorKey(status === 429 ? 'twoFactor.tooMany' : status === 409 ? 'twoFactor.changed' : 'twoFactor.wrong');
    } finally {
      setBusy(false);
    }
  };

  const start = () =>
    run(async () => {
      const setup = await authApi.setUpAuthenticator(token!);
      setCode('');
      setPassword('');
      setStage({ kind: 'setup', ...setup });
    });
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setErrorKey('twoFactor.passwordMissing');
    if (!totpCodeSchema.safeParse(code).success) return setErrorKey('twoFactor.codeInvalid');
    return run(async () => {
      const { recoveryCodes } = await authApi.enableAuthenticator(token!, { password, code: code.trim() });
      setPassword('');
      setStage({ kind: 'codes', recoveryCodes });
      await refreshUser();
    });
  };
  const turnOff = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setErrorKey('twoFactor.passwordMissing');
    if (!code.trim()) return setErrorKey('twoFactor.codeMissing');
    return run(async () => {
      await authApi.disableAuthenticator(token!, { password, code: code.trim() });
      setPassword('');
      setCode('');
      setStage({ kind: 'off' });
      await refreshUser();
    });
  };

  const error = errorKey ? (
    <p className="two-factor__error" role="alert">
      {t(errorKey)}
    </p>
  ) : null;

  return (
    <section className="cabinet-card two-factor" aria-labelledby="two-factor-heading">
      <h2 id="two-factor-heading">{t('twoFactor.title')}</h2>
      {stage.kind === 'off' ? (
        <>
          <p>{t('twoFactor.offText')}</p>
          {error}
          <button type="button" className="button" onClick={() => void start()} disabled={busy}>
            {busy ? t('twoFactor.working') : t('twoFactor.turnOn')}
          </button>
        </>
      ) : null}
      {stage.kind === 'setup' ? (
        <form onSubmit={confirm} noValidate>
          <p>{t('twoFactor.scan')}</p>
          <QrCode value={stage.otpauthUrl} alt={t('twoFactor.qrAlt')} size={180} className="two-factor__qr" />
          <p className="two-factor__secret">
            {t('twoFactor.secret')} <code data-testid="authenticator-secret">{stage.secret}</code>
          </p>
          <PasswordField label={t('twoFactor.password')} value={password} onValue={setPassword} autoComplete="current-password" required />
          <OneTimeCodeField label={t('twoFactor.code')} value={code} onValue={setCode} required />
          {error}
          <SubmitButton busy={busy} label={t('twoFactor.confirm')} busyLabel={t('twoFactor.working')} />
        </form>
      ) : null}
      {stage.kind === 'codes' ? (
        <>
          <p role="status">{t('twoFactor.onNow')}</p>
          <p>{t('twoFactor.codesText')}</p>
          <ul className="two-factor__codes" aria-label={t('twoFactor.codesTitle')}>
            {stage.recoveryCodes.map((recovery) => (
              <li key={recovery}>
                <code>{recovery}</code>
              </li>
            ))}
          </ul>
          <div className="two-factor__actions">
            <button type="button" className="button button--secondary" onClick={() => downloadCodes(stage.recoveryCodes, t('twoFactor.codesTitle'))}>
              {t('twoFactor.download')}
            </button>
            <button type="button" className="button" onClick={() => setStage({ kind: 'on' })}>
              {t('twoFactor.saved')}
            </button>
          </div>
        </>
      ) : null}
      {stage.kind === 'on' ? (
        <form onSubmit={turnOff} noValidate>
          <p>{t('twoFactor.onText')}</p>
          <PasswordField label={t('twoFactor.password')} value={password} onValue={setPassword} autoComplete="current-password" required />
          <InputField label={t('twoFactor.codeOrRecovery')} value={code} onValue={(value) => setCode(value.slice(0, 11))} autoComplete="off" required />
          {error}
          <SubmitButton busy={busy} label={t('twoFactor.turnOff')} busyLabel={t('twoFactor.working')} />
        </form>
      ) : null}
    </section>
  );
}
