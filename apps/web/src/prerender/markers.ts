/**
 * Attributes of a pre-rendered page's root element (entry-prerender.tsx) that the browser's entry
 * (main.tsx) reads to take the page over: its language, the text namespaces it shows, and whether
 * it is taken over on the visitor's first use (PrerenderedRoute.takenOverOnFirstUse).
 */
export const PRERENDERED_LANGUAGE = 'data-prerendered';
export const PRERENDERED_TEXTS = 'data-texts';
export const TAKEN_OVER_ON_FIRST_USE = 'data-first-use';
