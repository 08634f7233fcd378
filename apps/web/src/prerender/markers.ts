/**
 * Attributes of a pre-rendered page's root element (entry-prerender.tsx) that the browser's entry
 * (main.tsx) reads to take the page over: its language and the text namespaces it shows.
 */
export const PRERENDERED_LANGUAGE = 'data-prerendered';
export const PRERENDERED_TEXTS = 'data-texts';
