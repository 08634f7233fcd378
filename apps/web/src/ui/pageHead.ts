import { createContext } from 'react';

/** What a page tells the document's head while it renders: read when pages are pre-rendered at build time. */
export interface PageHead {
  title?: string;
}

/**
 * Given only when a page is pre-rendered (src/entry-prerender.tsx): there no effect runs, so the
 * title a page sets on the document in the browser is handed over here instead.
 */
export const PageHeadContext = createContext<PageHead | null>(null);
