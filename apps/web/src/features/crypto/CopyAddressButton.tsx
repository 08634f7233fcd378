import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How long "Copied" stays beside the button. */
export const COPIED_NOTICE_MS = 2500;

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * Copies a deposit address to the clipboard and says so beside the button, for eyes and for screen
 * readers. Where the browser refuses (no clipboard access), the client is told to copy it by hand.
 */
export function CopyAddressButton({ address, describedBy }: { address: string; describedBy?: string }) {
  const { t } = useTranslation('crypto');
  const [state, setState] = useState<CopyState>('idle');

  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), COPIED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      setState('copied');
    } catch {
      setState('failed');
    }
  };

  return (
    <div className="wallet-item__copy">
      <button type="button" className="button button--secondary" aria-describedby={describedBy} onClick={() => void copy()}>
        {t('wallets.copy')}
      </button>
      <span role="status" className={state === 'failed' ? 'wallet-item__copy-failed' : 'wallet-item__copied'}>
        {state === 'copied' ? t('wallets.copied') : state === 'failed' ? t('wallets.copyFailed') : ''}
      </span>
    </div>
  );
}
