import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * An accessible modal dialog: labelled by its title, focus moved into it, Escape closes when
 * `onClose` is given.
 */
export function Modal({
  title,
  children,
  actions,
  onClose,
  tone = 'neutral',
}: {
  title: string;
  children?: ReactNode;
  actions: ReactNode;
  onClose?: () => void;
  tone?: 'neutral' | 'success' | 'error';
}) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    dialogRef.current?.querySelector<HTMLElement>('button, [href], input')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose?.();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [onClose]);
  return (
    <div className="modal-backdrop">
      <div ref={dialogRef} className={`modal modal--${tone}`} role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId}>{title}</h2>
        {children}
        <div className="modal__actions">{actions}</div>
      </div>
    </div>
  );
}
