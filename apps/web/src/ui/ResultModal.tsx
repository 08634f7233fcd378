import type { ReactNode } from 'react';
import { Modal } from './Modal';

/**
 * The end of a request (docs/product.md#errors-and-messages): a success or error dialog with its message and one OK button;
 * OK and Escape close it.
 */
export function ResultModal({
  tone,
  title,
  okLabel,
  onClose,
  children,
}: {
  tone: 'success' | 'error';
  title: string;
  okLabel: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal
      title={title}
      tone={tone}
      onClose={onClose}
      actions={
        <button type="button" className="button" onClick={onClose}>
          {okLabel}
        </button>
      }
    >
      {children}
    </Modal>
  );
}
