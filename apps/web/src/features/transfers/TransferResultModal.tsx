import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths';
import { errorTextKeys } from '../../lib/errorKeys';
import { Modal } from '../../ui/Modal';
import { ResultModal } from '../../ui/ResultModal';
import { formatBankDate } from '../../ui/formatBankDate';
import type { TransferResult } from './useTransferForm';

/**
 * docs/product.md#errors-and-messages: 'Your transfer request has been sent.' whose OK goes to /kabinet, or 'Please check your
 * data and try again.' whose OK closes it. The error also says what the bank found, when it said.
 * A standing order made says when its first payment is.
 */
export function TransferResultModal({ result, onClose }: { result: TransferResult; onClose: () => void }) {
  const { t, i18n } = useTranslation(['transfers', 'common']);
  const navigate = useNavigate();
  if (result.ok) {
    return (
      <Modal
        title={t('common:popup.successTitle')}
        tone="success"
        actions={
          <button type="button" className="button" onClick={() => void navigate(paths.cabinet)}>
            {t('result.ok')}
          </button>
        }
      >
        <p>{result.order ? t('result.orderCreated', { date: formatBankDate(result.order.nextRunDate ?? result.order.startDate) }) : t('result.success')}</p>
      </Modal>
    );
  }
  const detailKey = errorTextKeys(result.body).find((key) => i18n.exists(key, { ns: 'transfers' }));
  return (
    <ResultModal tone="error" title={t('common:popup.errorTitle')} okLabel={t('result.ok')} onClose={onClose}>
      <p>{t('result.error')}</p>
      {detailKey ? <p className="transfer-result__detail">{t(detailKey)}</p> : null}
    </ResultModal>
  );
}
