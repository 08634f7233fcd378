import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../ui/LanguageSwitch';
import { Modal } from '../../ui/Modal';
import { problemOf } from './api';

/** A screen of the back office: its heading and what it shows. */
export function BackofficeScreen({ title, lead, actions, children }: { title: string; lead?: string; actions?: ReactNode; children?: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="backoffice-screen">
      <div className="backoffice-screen__head">
        <h1 id={headingId} className="screen-heading">
          {title}
        </h1>
        {actions}
      </div>
      {lead ? <p className="screen-lead">{lead}</p> : null}
      {children}
    </section>
  );
}

/**
 * The card of the pages outside the signed-in back office (sign-in, an invitation's enrolment): the
 * brand and the language switch above the page's own content.
 */
export function SignInCard({ className, children }: { className?: string; children: ReactNode }) {
  const { t } = useTranslation('backoffice');
  return (
    <div className="backoffice-sign-in">
      <div className={className ? `backoffice-sign-in__card ${className}` : 'backoffice-sign-in__card'}>
        <div className="backoffice-sign-in__top">
          <span className="backoffice-sign-in__brand">{t('brand')}</span>
          <LanguageSwitch />
        </div>
        {children}
      </div>
    </div>
  );
}

/** Loading, failure or the content of a screen. */
export function Loaded<T>({ data, error, children }: { data: T | null; error: unknown; children: (data: T) => ReactNode }) {
  const { t } = useTranslation('backoffice');
  if (error && !data) return <Problem error={error} />;
  if (!data) return <p className="backoffice__muted">{t('loading')}</p>;
  return <>{children(data)}</>;
}

export function Problem({ error }: { error: unknown }) {
  const { t } = useTranslation('backoffice');
  const problem = problemOf(error);
  return (
    <p className="backoffice__problem" role="alert">
      {problem.message ?? t(problem.key)}
    </p>
  );
}

/** Done, refused, set aside by its own author (a withdrawn proposal), or waiting. */
function toneOf(status: string): 'success' | 'danger' | 'neutral' | 'pending' {
  if (['Approved', 'active', 'Active'].includes(status)) return 'success';
  if (['Rejected', 'Denied', 'Canceled', 'Error', 'deactivated', 'risk.high'].includes(status)) return 'danger';
  if (['Withdrawn', 'Finished', 'Matured', 'ClosedEarly', 'risk.standard', 'closure.belowFee', 'closure.closed'].includes(status)) return 'neutral';
  return 'pending';
}

/** A status as a small label, coloured by what it means. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('backoffice');
  const tone = toneOf(status);
  return (
    <span className={`status-badge status-badge--${tone}`} data-testid="bo-status" data-status={status}>
      {t(`status.${status}`, { defaultValue: status })}
    </span>
  );
}

/** A checkbox with its text as its label, and a hint under it when given (described by it). */
export function ChoiceBox({ label, checked, onChecked, hint, testId }: { label: string; checked: boolean; onChecked: (checked: boolean) => void; hint?: string; testId: string }) {
  const hintId = useId();
  const box = (
    <label className="backoffice-choice">
      <input type="checkbox" checked={checked} onChange={(event) => onChecked(event.currentTarget.checked)} aria-describedby={hint ? hintId : undefined} data-testid={testId} />
      {label}
    </label>
  );
  if (!hint) return box;
  return (
    <div className="field">
      {box}
      <span id={hintId} className="field__hint">
        {hint}
      </span>
    </div>
  );
}

/** Label and value pairs of a detail screen. */
export function Details({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="backoffice-details">
      {rows.map(([label, value]) => (
        <div key={label} className="backoffice-details__row">
          <dt>{label}</dt>
          <dd>{value === null || value === undefined || value === '' ? '—' : value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Runs a dialog's act, one at a time: `busy` holds while it runs, so its confirm button is disabled. */
function useBusy(): [busy: boolean, run: (act: () => Promise<void>) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  async function run(act: () => Promise<void>) {
    setBusy(true);
    try {
      await act();
    } finally {
      setBusy(false);
    }
  }
  return [busy, run];
}

/**
 * Asks for the reason of a decision before it is sent: a refusal (KYC rejection, transfer denial,
 * a rejected proposal) or an operator change. `lead` says what follows; `missingText` who reads
 * the reason (the client, by default).
 */
export function ReasonDialog({
  title,
  confirmLabel,
  lead,
  missingText,
  maxLength = 5000,
  onConfirm,
  onClose,
}: {
  title: string;
  confirmLabel: string;
  lead?: ReactNode;
  missingText?: string;
  /** The longest reason the call takes. */
  maxLength?: number;
  onConfirm: (reason: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation('backoffice');
  const [reason, setReason] = useState('');
  const [busy, run] = useBusy();
  const [missing, setMissing] = useState(false);
  const id = useId();
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    await run(() => onConfirm(reason.trim()));
  }
  return (
    <Modal
      title={title}
      onClose={onClose}
      actions={<DialogActions confirmLabel={confirmLabel} busy={busy} onClose={onClose} form={id} />}
    >
      {lead ? <div className="backoffice-dialog-form">{lead}</div> : null}
      <form id={id} onSubmit={submit} className="field backoffice-dialog-form">
        <label htmlFor={`${id}-reason`}>{t('reason')}</label>
        <textarea
          id={`${id}-reason`}
          rows={4}
          maxLength={maxLength}
          value={reason}
          aria-invalid={missing || undefined}
          aria-describedby={missing ? `${id}-error` : undefined}
          data-testid="bo-reason"
          onInput={(event) => {
            setReason(event.currentTarget.value);
            setMissing(false);
          }}
        />
        {missing ? (
          <span id={`${id}-error`} className="field__error">
            {missingText ?? t('reasonRequired')}
          </span>
        ) : null}
      </form>
    </Modal>
  );
}

/**
 * A dialog's two buttons: Cancel, and the act it confirms, which submits the dialog's form when one
 * is named and calls `onConfirm` otherwise.
 */
export function DialogActions({ confirmLabel, busy, onClose, form, onConfirm }: { confirmLabel: string; busy: boolean; onClose: () => void; form?: string; onConfirm?: () => void }) {
  const { t } = useTranslation('backoffice');
  return (
    <>
      <button type="button" className="button button--secondary" onClick={onClose}>
        {t('cancel')}
      </button>
      {form ? (
        <button type="submit" form={form} className="button" disabled={busy} data-testid="bo-confirm">
          {confirmLabel}
        </button>
      ) : (
        <button type="button" className="button" disabled={busy} onClick={onConfirm} data-testid="bo-confirm">
          {confirmLabel}
        </button>
      )}
    </>
  );
}

/** Asks the operator to confirm an act that needs no reason (withdrawing their own proposal). */
export function ConfirmDialog({ title, text, confirmLabel, onConfirm, onClose }: { title: string; text: string; confirmLabel: string; onConfirm: () => Promise<void>; onClose: () => void }) {
  const [busy, run] = useBusy();
  return (
    <Modal title={title} onClose={onClose} actions={<DialogActions confirmLabel={confirmLabel} busy={busy} onClose={onClose} onConfirm={() => void run(onConfirm)} />}>
      <p>{text}</p>
    </Modal>
  );
}
