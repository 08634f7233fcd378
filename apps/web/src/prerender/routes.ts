import { paths } from '../app/paths';

export type PageName = keyof typeof paths;

export interface PrerenderedRoute {
  name: PageName;
  path: (typeof paths)[PageName];
  /** Listed in sitemap.xml: the pages a search engine should find. */
  inSitemap: boolean;
  /** Shows something else when its address has a query (a reset link's token): pre-rendered without. */
  readsQuery?: boolean;
  /**
   * A screen behind sign-in: its page holds only what is drawn before the client's data arrives
   * (the loading state, under the screen's title), the same for everyone; the browser replaces it.
   */
  shellTitleKey?: string;
  /**
   * Taken over on the visitor's first use rather than at once (main.tsx): the public site's pages,
   * whose screens render synchronously. A screen behind the client store first waits for the
   * store to be restored, and input typed into it meanwhile would be lost.
   */
  takenOverOnFirstUse?: boolean;
}

const publicPage = (name: PageName): PrerenderedRoute => ({ name, path: paths[name], inSitemap: true });
const sitePage = (name: PageName): PrerenderedRoute => ({ ...publicPage(name), takenOverOnFirstUse: true });
const entryPage = (name: PageName): PrerenderedRoute => ({ name, path: paths[name], inSitemap: false });

/** Every page pre-rendered into static HTML at build time, in every language. */
export const PRERENDERED_ROUTES: readonly PrerenderedRoute[] = [
  sitePage('home'),
  sitePage('about'),
  sitePage('tariffs'),
  sitePage('corporate'),
  sitePage('individual'),
  sitePage('cards'),
  sitePage('crypto'),
  sitePage('otherServices'),
  sitePage('contact'),
  publicPage('login'),
  publicPage('register'),
  entryPage('forgotPassword'),
  { ...entryPage('resetPassword'), readsQuery: true },
  { name: 'cabinet', path: paths.cabinet, inSitemap: false, shellTitleKey: 'screens.cabinet' },
];
