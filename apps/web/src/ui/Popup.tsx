import { useTranslation } from 'react-i18next';
import { ResultModal } from './ResultModal';

/**
 * Popups (docs/product.md): a success popup ('Success!' + the message) and an error popup ('Error!' +
 * 'Something went wrong. Please try again later.' unless another message is given), each with Ok.
 */
export function Popup({ tone, message, onClose }: { tone: 'success' | 'error'; message?: string; onClose: () => void }) {
  const { t } = useTranslation();
  const title = tone === 'success' ? t('popup.successTitle') : t('popup.errorTitle');
  const text = message ?? (tone === 'success' ? t('popup.requestSent') : t('popup.genericError'));
  return (
    <ResultModal tone={tone} title={title} okLabel={t('popup.ok')} onClose={onClose}>
      <p>{text}</p>
    </ResultModal>
  );
}
