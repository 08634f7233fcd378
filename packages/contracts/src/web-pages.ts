/**
 * The pages the web build pre-renders and the server sends (apps/web/build/route-pages.ts,
 * apps/server/src/lib/web-pages.ts). The build cannot know the install's address (APP_URL), so
 * absolute URLs are written with placeholders the server fills in once at start.
 */

/** Where the build writes the manifest, relative to the web build's folder. */
export const WEB_PAGES_FILE = 'pages/routes.json';

/** Stands for the install's origin (`https://bank.example`) in the pre-rendered pages. */
export const APP_ORIGIN_PLACEHOLDER = '__APP_ORIGIN__';

/**
 * Stands for the page's canonical address: the path with the page's `?lng=` when it was asked for
 * in one language, the bare path when the server chose the language (the hreflang x-default).
 */
export const CANONICAL_URL_PLACEHOLDER = '__CANONICAL_URL__';

export interface WebPagesManifest {
  /** The languages every pre-rendered page exists in, the first being the default. */
  languages: string[];
  /** Path → language → the page's file, relative to the web build's folder. */
  pages: Record<string, Record<string, string>>;
  /** The paths listed in sitemap.xml, each with its every language. */
  sitemap: string[];
  /**
   * Paths whose page differs with the address's query (a reset link's token): their pre-rendered
   * page, drawn without one, is sent only to an address with no query but `lng`.
   */
  bareOnly: string[];
  /**
   * Page file → the `'sha256-…'` sources of the styles written into it: a pre-rendered page carries
   * its first screen's styles inline (nothing to wait for before it paints), and the policy sent
   * with it must allow exactly those.
   */
  styleHashes: Record<string, string[]>;
}
