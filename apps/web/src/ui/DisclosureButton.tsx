import { forwardRef, type ReactNode } from 'react';

/**
 * A button that shows or hides a panel (a menu, a dropdown): it names the panel it controls and
 * says whether that panel is open, so assistive technology announces both.
 */
export const DisclosureButton = forwardRef<
  HTMLButtonElement,
  { controls: string; expanded: boolean; className: string; label?: string; onToggle: () => void; children: ReactNode }
>(function DisclosureButton({ controls, expanded, className, label, onToggle, children }, ref) {
  return (
    <button ref={ref} type="button" className={className} aria-controls={controls} aria-expanded={expanded} aria-label={label} onClick={onToggle}>
      {children}
    </button>
  );
});
