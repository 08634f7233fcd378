// The config is bundled by Vite, which leaves workspace packages to Node (which cannot load .ts): a path, not the package's name.
import { APP_ORIGIN_PLACEHOLDER, CANONICAL_URL_PLACEHOLDER } from '../../../packages/contracts/src/web-pages';

/** The Open Graph image (apps/web/public), drawn at the size link previews show. */
export const OG_IMAGE = { path: '/og-image.png', width: 1200, height: 630 };

const OG_LOCALES: Record<string, string> = { en: 'en_US', ru: 'ru_RU' };

export interface PageDocumentInput {
  /** The built index.html. */
  template: string;
  path: string;
  language: string;
  languages: readonly string[];
  title: string;
  description: string;
  /** The root element with the page's content. */
  root: string;
  /** Further elements for the head (the page's styles, and scripts asked for at once). */
  hints: readonly string[];
}

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The page's address in one language; the bare path lets the server choose (x-default). */
export const languageUrl = (path: string, language?: string) => `${APP_ORIGIN_PLACEHOLDER}${path}${language ? `?lng=${language}` : ''}`;

function replaceOnce(document: string, search: string | RegExp, replacement: string): string {
  const found = typeof search === 'string' ? document.includes(search) : search.test(document);
  if (!found) throw new Error(`page-document: index.html has no ${String(search)}`);
  return document.replace(search, () => replacement);
}

/**
 * index.html with a pre-rendered page: its language, title and description, the canonical and
 * language alternates a search engine needs, the Open Graph tags a link preview reads, and the
 * page's content in the root element. No inline script is added; an inline style in `hints` must
 * have its hash in the page's policy (route-pages.ts lists it in the manifest).
 */
export function pageDocument(input: PageDocumentInput): string {
  const { path, language, languages, title, description } = input;
  const head = [
    `<link rel="canonical" href="${CANONICAL_URL_PLACEHOLDER}">`,
    ...languages.map((other) => `<link rel="alternate" hreflang="${other}" href="${languageUrl(path, other)}">`),
    `<link rel="alternate" hreflang="x-default" href="${languageUrl(path)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:url" content="${CANONICAL_URL_PLACEHOLDER}">`,
    `<meta property="og:image" content="${APP_ORIGIN_PLACEHOLDER}${OG_IMAGE.path}">`,
    `<meta property="og:image:width" content="${OG_IMAGE.width}">`,
    `<meta property="og:image:height" content="${OG_IMAGE.height}">`,
    `<meta property="og:locale" content="${OG_LOCALES[language] ?? language}">`,
    ...languages.filter((other) => other !== language).map((other) => `<meta property="og:locale:alternate" content="${OG_LOCALES[other] ?? other}">`),
    `<meta name="twitter:card" content="summary_large_image">`,
    ...input.hints,
  ].join('\n    ');
  let page = replaceOnce(input.template, /<html lang="[a-z]+">/, `<html lang="${language}">`);
  page = replaceOnce(page, /<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
  page = replaceOnce(page, /<meta name="description" content="[^"]*" \/>/, `<meta name="description" content="${escapeHtml(description)}" />`);
  page = replaceOnce(page, '\n  </head>', `\n    ${head}\n  </head>`);
  return replaceOnce(page, '<div id="root"></div>', input.root);
}
