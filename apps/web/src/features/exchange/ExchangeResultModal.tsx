import { useTranslation } from 'react-i18next';
import { errorTextKeys } from '../../lib/errorKeys';
import { ResultModal } from '../../ui/ResultModal';
import type { ExchangeOutcome } from './useExchange';

/**
 * The end of an exchange: success (for a crypto conversion, that the request was sent and waits
 * for the bank's approval), or the failure modal of docs/product.md#errors-and-messages with the error message (the bank's reason in
 * the reader's language when it is a known one, else the bank's own message).
 */
export function ExchangeResultModal({ outcome, onClose }: { outcome: ExchangeOutcome; onClose: () => void }) {
  const { t, i18n } = useTranslation(['exchange', 'common']);
  if (outcome.ok) {
    return (
      <ResultModal tone="success" title={t('common:popup.successTitle')} okLabel={t('result.ok')} onClose={onClose}>
        <p>{outcome.awaitsApproval ? t('result.conversionSent') : t('result.success')}</p>
      </ResultModal>
    );
  }
  const known = errorTextKeys(outcome.body).find((key) => i18n.exists(key, { ns: 'exchange' }));
  const message = known ? t(known) : outcome.body?.message || t('result.oops');
  return (
    <ResultModal tone="error" title={t('result.failureTitle')} okLabel={t('result.ok')} onClose={onClose}>
      <p>{message}</p>
    </ResultModal>
  );
}
