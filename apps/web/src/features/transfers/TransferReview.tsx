import type { ReactNode } from 'react';
import { Modal } from '../../ui/Modal';

/** One line of a review: what it is and its value (`live` when the value arrives after the dialog opens). */
export interface ReviewRow {
  label: string;
  value: ReactNode;
  className?: string;
  live?: boolean;
}

/**
 * The review of a transfer before it is sent: its details as label–value rows, the total held in
 * bold when it is known, then the notes. Back returns to the form (as does Escape, unless sending);
 * confirming is possible only once `canConfirm`, and not twice.
 */
export function TransferReview({
  texts,
  rows,
  total,
  notes,
  sending,
  canConfirm,
  onBack,
  onConfirm,
}: {
  texts: { title: string; back: string; confirm: string; sending: string };
  rows: readonly ReviewRow[];
  total: { label: string; value: string } | null;
  notes: readonly string[];
  sending: boolean;
  canConfirm: boolean;
  onBack: () => void;
  onConfirm: () => Promise<void>;
}) {
  return (
    <Modal
      title={texts.title}
      onClose={sending ? undefined : onBack}
      actions={
        <>
          <button type="button" className="button button--secondary" onClick={onBack} disabled={sending}>
            {texts.back}
          </button>
          <button type="button" className="button" onClick={() => void onConfirm()} disabled={sending || !canConfirm}>
            {sending ? texts.sending : texts.confirm}
          </button>
        </>
      }
    >
      <dl className="review-list">
        {rows.map((row) => (
          <div key={row.label} className="review-list__row">
            <dt>{row.label}</dt>
            <dd className={row.className} aria-live={row.live ? 'polite' : undefined}>
              {row.value}
            </dd>
          </div>
        ))}
        {total ? (
          <div className="review-list__row review-list__row--total">
            <dt>{total.label}</dt>
            <dd>{total.value}</dd>
          </div>
        ) : null}
      </dl>
      {notes.map((note) => (
        <p key={note} className="review-note">
          {note}
        </p>
      ))}
    </Modal>
  );
}
