import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCountdown } from './revealCountdown';
import { useSecondsLeft } from './useSecondsLeft';

/**
 * The countdown under a card whose details show: how long until they hide by themselves, and a
 * button to hide them now, which takes the focus the closed dialog gave back. The time is a timer,
 * read when asked for, not announced every second.
 */
export function RevealedDetails({ deadlineMs, last4, onHide }: { deadlineMs: number; last4: string; onHide: () => void }) {
  const { t } = useTranslation('cards');
  const left = useSecondsLeft(deadlineMs, onHide);
  const hideButton = useRef<HTMLButtonElement>(null);
  useEffect(() => hideButton.current?.focus(), []);
  return (
    <div className="card-reveal">
      <p className="card-reveal__countdown" role="timer">
        {t('reveal.hidesIn', { time: formatCountdown(left) })}
      </p>
      <button ref={hideButton} type="button" className="button button--secondary" onClick={onHide} aria-label={t('reveal.hideNowFor', { last4 })}>
        {t('reveal.hideNow')}
      </button>
    </div>
  );
}
