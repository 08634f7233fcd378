import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';

/** Written by the web build (apps/web/build/route-pages.ts): path → language → page file. */
const ROUTE_PAGES_FILE = 'pages/routes.json';
type RoutePages = Record<string, Record<string, string>>;

/**
 * The language the web app will show, as far as the server can tell: the `lng` query, the
 * `i18next` cookie, then the browser's first language it has; English otherwise. (The app may also
 * remember a choice in local storage, which the server cannot see; a wrong guess only fetches the
 * other language's texts early.)
 */
function languageOf(request: FastifyRequest, languages: readonly string[]): string {
  const query = (request.query as Record<string, unknown> | undefined)?.lng;
  const cookie = /(?:^|;\s*)i18next=([a-z]{2})/i.exec(request.headers.cookie ?? '')?.[1];
  const accepted = (request.headers['accept-language'] ?? '').split(',').map((part) => part.trim().slice(0, 2).toLowerCase());
  for (const candidate of [typeof query === 'string' ? query.slice(0, 2) : undefined, cookie, ...accepted]) {
    const language = candidate?.toLowerCase();
    if (language && languages.includes(language)) return language;
  }
  return 'en';
}

/**
 * The page to send for a client-side route: the build's copy of index.html that already asks for
 * the route's chunks and texts, for the paths visitors most often open first, else index.html.
 */
export function routePageChooser(webDist: string): (request: FastifyRequest) => string {
  const file = path.join(webDist, ROUTE_PAGES_FILE);
  const pages: RoutePages = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RoutePages) : {};
  return (request) => {
    const byLanguage = pages[request.url.split('?')[0] ?? ''];
    if (!byLanguage) return 'index.html';
    return byLanguage[languageOf(request, Object.keys(byLanguage))] ?? 'index.html';
  };
}
