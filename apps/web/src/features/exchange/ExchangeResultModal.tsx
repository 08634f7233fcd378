import { useTranslation } from 'react-i18next';
import { errorTextKeys } from '../../lib/errorKeys';
import { Modal } from '../../ui/Modal';
import type { ExchangeOutcome } from './useExchange';

/**
 * The end of an exchange: success (for a crypto conversion, that the request was sent and waits
 * for the bank's approval), or SPEC §8's failure modal with the error message (the bank's reason in
 * the reader's language when it is a known one, else the bank's own message).
 */
export function ExchangeResultModal({ outcome, onClose }: { outcome: ExchangeOutcome; onClose: () => void }) {
  const { t, i18n } = useTranslation(['exchange', 'common']);
  const okButton = (
    <button type="button" className="button" onClick={onClose}>
      {t('result.ok')}
    </button>
  );
  if (outcome.ok) {
    return (
      <Modal title={t('common:popup.successTitle')} tone="success" onClose={onClose} actions={okButton}>
        <p>{outcome.awaitsApproval ? t('result.conversionSent') : t('result.success')}</p>
      </Modal>
    );
  }
  const known = errorTextKeys(outcome.body).find((key) => i18n.exists(key, { ns: 'exchange' }));
  const message = known ? t(known) : outcome.body?.message || t('result.oops');
  return (
    <Modal title={t('result.failureTitle')} tone="error" onClose={onClose} actions={okButton}>
      <p>{message}</p>
    </Modal>
  );
}
