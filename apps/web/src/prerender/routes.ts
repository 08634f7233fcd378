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
}

const publicPage = (name: PageName): PrerenderedRoute => ({ name, path: paths[name], inSitemap: true });
const entryPage = (name: PageName): PrerenderedRoute => ({ name, path: paths[name], inSitemap: false });

/** Every page pre-rendered into static HTML at build time, in every language. */
export const PRERENDERED_ROUTES: readonly PrerenderedRoute[] = [
  publicPage('home'),
  publicPage('about'),
  publicPage('tariffs'),
  publicPage('corporate'),
  publicPage('individual'),
  publicPage('cards'),
  publicPage('crypto'),
  publicPage('otherServices'),
  publicPage('contact'),
  publicPage('login'),
  publicPage('register'),
  entryPage('forgotPassword'),
  { ...entryPage('resetPassword'), readsQuery: true },
  { name: 'cabinet', path: paths.cabinet, inSitemap: false, shellTitleKey: 'screens.cabinet' },
];
