import type { ClientSession } from '@bank/contracts/auth/sessions';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cabinetAnchors } from '../../app/paths';
import { ApiError } from '../../lib/api';
import { formatDateTime } from '../../ui/formatDateTime';
import { sessionsApi } from './sessionsApi';
import { useSignedInLoad } from './useSignedInLoad';

/**
 * Sessions and devices: every place the client is signed in (browser and system, the address with
 * its last part hidden, when it signed in and was last used), this device marked. Any other session
 * can be ended, or all of them at once; it is refused from its very next request.
 */
export function SessionsSection() {
  const { t, i18n } = useTranslation('settings');
  const { token, load, refresh } = useSignedInLoad(async (userToken) => (await sessionsApi.list(userToken)).sessions);
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const section = useRef<HTMLElement>(null);

  // Opened from the new-device e-mail's link: bring the list into view once it is there.
  useEffect(() => {
    if (load.kind === 'ready' && window.location.hash === `#${cabinetAnchors.sessions}`) section.current?.scrollIntoView({ block: 'start' });
  }, [load.kind]);

  const act = async (key: string, work: () => Promise<string>) => {
    if (busy || !token) return;
    setBusy(key);
    setNotice(null);
    try {
      setNotice(await work());
    } catch (error) {
      if (!(error instanceof ApiError && error.isInvalidAuthorization)) setNotice(t('sessions.failed'));
    } finally {
      setBusy(null);
      await refresh();
    }
  };
  const endOne = (session: ClientSession) =>
    act(session.id, async () => {
      await sessionsApi.end(token!, session.id);
      return t('sessions.ended');
    });
  const endOthers = () =>
    act('others', async () => {
      await sessionsApi.endOthers(token!);
      return t('sessions.endedOthers');
    });

  const deviceName = (session: ClientSession) =>
    [session.browser, session.os].filter(Boolean).join(` ${t('sessions.on')} `) || t('sessions.unknownDevice');
  const others = load.kind === 'ready' ? load.data.filter((session) => !session.current).length : 0;

  return (
    <section className="cabinet-card sessions" id={cabinetAnchors.sessions} ref={section} aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">{t('sessions.title')}</h2>
      <p>{t('sessions.lead')}</p>
      {load.kind === 'loading' ? <p role="status">{t('sessions.loading')}</p> : null}
      {load.kind === 'failed' ? (
        <p className="sessions__error" role="alert">
          {t('sessions.loadFailed')}{' '}
          <button type="button" className="link-button" onClick={() => void refresh()}>
            {t('sessions.retry')}
          </button>
        </p>
      ) : null}
      {load.kind === 'ready' ? (
        <ul className="sessions__list" aria-label={t('sessions.listLabel')}>
          {load.data.map((session) => (
            <li key={session.id} className="sessions__item">
              <div className="sessions__device">
                <span className="sessions__name">{deviceName(session)}</span>
                <span className="sessions__kind">{t(`sessions.kind.${session.kind}`)}</span>
                {session.current ? <span className="status-badge status-badge--success">{t('sessions.thisDevice')}</span> : null}
              </div>
              <dl className="sessions__facts">
                <div>
                  <dt>{t('sessions.ip')}</dt>
                  <dd>{session.ipMasked ?? '—'}</dd>
                </div>
                <div>
                  <dt>{t('sessions.signedIn')}</dt>
                  <dd>{formatDateTime(session.signedInAt, i18n.resolvedLanguage ?? 'en')}</dd>
                </div>
                <div>
                  <dt>{t('sessions.lastSeen')}</dt>
                  <dd>{formatDateTime(session.lastSeenAt, i18n.resolvedLanguage ?? 'en')}</dd>
                </div>
              </dl>
              {session.current ? null : (
                <button
                  type="button"
                  className="button button--secondary sessions__end"
                  onClick={() => void endOne(session)}
                  disabled={busy !== null}
                  aria-label={t('sessions.endOneLabel', { device: deviceName(session) })}
                >
                  {busy === session.id ? t('sessions.working') : t('sessions.endOne')}
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {notice ? (
        <p className="sessions__notice" role="status">
          {notice}
        </p>
      ) : null}
      {others > 0 ? (
        <button type="button" className="button" onClick={() => void endOthers()} disabled={busy !== null}>
          {busy === 'others' ? t('sessions.working') : t('sessions.endOthers')}
        </button>
      ) : null}
    </section>
  );
}
