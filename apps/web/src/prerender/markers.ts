/**
 * Attributes of a pre-rendered page's root element (entry-prerender.tsx) that the browser's entry
 * (main.tsx) reads to take the page over: its language and the text namespaces it shows.
 */
export const PRERENDERED_LANGUAGE = 'data-prerendered';
export const PRERENDERED_TEXTS = 'data-texts';

/**
 * The id of a public page's first screen (the hero's headline, lead and actions). A pre-rendered
 * page holds its first paint until this element is parsed (`<link rel="expect" blocking="render">`,
 * build/route-pages.ts): otherwise the browser's parser yields after the header, which paints
 * alone, and the lead, the page's largest text, follows a frame later.
 */
export const FIRST_SCREEN_ID = 'first-screen';
