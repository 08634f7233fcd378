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

/**
 * The attribute `<html>` carries once the app has the whole page: its buttons and fields are live
 * (set by prerender/takeOver.tsx; src/boot.ts holds a form sent before it).
 */
export const APP_READY_ATTRIBUTE = 'data-app';

/**
 * The method of a form a pre-rendered page draws (sign-in, registration, the contact form). Sent by
 * the browser itself, with no script run, its fields go in the request's body and never in its
 * address, where a password would reach the browser's history and the logs of every hop. With the
 * app running the form is the app's to send, and src/boot.ts holds one sent before that.
 */
export const DRAWN_FORM_METHOD = 'post';
