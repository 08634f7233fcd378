import type { Passkey } from '@bank/contracts/auth/passkeys';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { Modal } from '../../ui/Modal';
import { AddPasskeyForm } from './AddPasskeyForm';
import { PasskeyItem } from './PasskeyItem';
import { passkeysApi } from './passkeysApi';
import { useSignedInLoad } from './useSignedInLoad';

/**
 * Passkeys: sign in with the device's screen lock (fingerprint, face, PIN) or a security key instead
 * of password and code. Lists the client's passkeys (name, added, last used); one is added with the
 * password and the browser's ceremony, renamed in place, or removed after a confirmation.
 */
export function PasskeysSection() {
  const { t } = useTranslation('settings');
  const { token, load, refresh } = useSignedInLoad(async (userToken) => (await passkeysApi.list(userToken)).passkeys);
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [notice, setNotice] = useState<{ text: string; tone: 'success' | 'error' } | null>(null);

  /** Runs a change; answers whether it went through. A passkey removed meanwhile refreshes the list. */
  const change = async (work: () => Promise<string>): Promise<boolean> => {
    if (busy || !token) return false;
    setBusy(true);
    setNotice(null);
    try {
      setNotice({ text: await work(), tone: 'success' });
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.isInvalidAuthorization) return false;
      setNotice({ text: error instanceof ApiError && error.status === 404 ? t('passkeys.gone') : t('passkeys.failed'), tone: 'error' });
      return false;
    } finally {
      setBusy(false);
      await refresh();
    }
  };
  const rename = (passkey: Passkey, name: string) =>
    change(async () => {
      await passkeysApi.rename(token!, passkey.id, name);
      return t('passkeys.renamed');
    });
  const remove = async (passkey: Passkey) => {
    setRemoving(null);
    await change(async () => {
      await passkeysApi.remove(token!, passkey.id);
      return t('passkeys.removed');
    });
  };
  const added = (passkey: Passkey) => {
    setAdding(false);
    setNotice({ text: t('passkeys.addedNow', { name: passkey.name }), tone: 'success' });
    void refresh();
  };

  return (
    <section className="cabinet-card passkeys" aria-labelledby="passkeys-heading">
      <h2 id="passkeys-heading">{t('passkeys.title')}</h2>
      <p>{t('passkeys.lead')}</p>
      {load.kind === 'loading' ? <p role="status">{t('passkeys.loading')}</p> : null}
      {load.kind === 'failed' ? (
        <p className="passkeys__error" role="alert">
          {t('passkeys.loadFailed')}{' '}
          <button type="button" className="link-button" onClick={() => void refresh()}>
            {t('passkeys.retry')}
          </button>
        </p>
      ) : null}
      {load.kind === 'ready' && load.data.length === 0 ? <p className="passkeys__empty">{t('passkeys.none')}</p> : null}
      {load.kind === 'ready' && load.data.length > 0 ? (
        <ul className="passkeys__list" aria-label={t('passkeys.listLabel')}>
          {load.data.map((passkey) => (
            <PasskeyItem
              key={passkey.id}
              passkey={passkey}
              disabled={busy}
              onRename={(name) => rename(passkey, name)}
              onRemove={() => setRemoving(passkey)}
            />
          ))}
        </ul>
      ) : null}
      {notice ? (
        <p className={notice.tone === 'success' ? 'passkeys__notice' : 'passkeys__error'} role={notice.tone === 'success' ? 'status' : 'alert'}>
          {notice.text}
        </p>
      ) : null}
      {adding ? (
        <AddPasskeyForm onAdded={added} onCancel={() => setAdding(false)} />
      ) : (
        <button
          type="button"
          className="button"
          onClick={() => {
            setNotice(null);
            setAdding(true);
          }}
        >
          {t('passkeys.add')}
        </button>
      )}
      {removing ? (
        <Modal
          title={t('passkeys.removeTitle', { name: removing.name })}
          onClose={() => setRemoving(null)}
          actions={
            <>
              <button type="button" className="button button--secondary" onClick={() => setRemoving(null)}>
                {t('passkeys.cancel')}
              </button>
              <button type="button" className="button" onClick={() => void remove(removing)}>
                {t('passkeys.remove')}
              </button>
            </>
          }
        >
          <p>{t('passkeys.removeText')}</p>
        </Modal>
      ) : null}
    </section>
  );
}
