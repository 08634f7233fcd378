import type { ReactNode } from 'react';

/** A cabinet screen: its heading (which names the section), the lead line under it, its content. */
export function Screen({ headingId, title, lead, children }: { headingId: string; title: string; lead?: string; children?: ReactNode }) {
  return (
    <section aria-labelledby={headingId}>
      <h1 id={headingId} className="screen-heading">
        {title}
      </h1>
      {lead ? <p className="screen-lead">{lead}</p> : null}
      {children}
    </section>
  );
}
