/** A form's submit button, which says it is working and takes no second press while it does. */
export function SubmitButton({ busy, label, busyLabel, className }: { busy: boolean; label: string; busyLabel: string; className?: string }) {
  return (
    <button type="submit" className={`button ${className ?? ''}`.trim()} disabled={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}
