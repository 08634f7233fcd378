import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/Modal';

/** docs/product.md#errors-and-messages: the session-expired modal; its Ok signs the client out. */
export function SessionExpiredModal({ onConfirm }: { onConfirm: () => void }) {
  const { t } = useTranslation('cabinet');
  return (
    <Modal
      title={t('sidebarMenu.error')}
      tone="error"
      actions={
        <button type="button" className="button" onClick={onConfirm}>
          {t('sidebarMenu.ok')}
        </button>
      }
    >
      <p>{t('sidebarMenu.sessionExpired')}</p>
    </Modal>
  );
}
