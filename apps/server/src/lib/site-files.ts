import type { FastifyInstance } from 'fastify';
import type { WebPages } from './web-pages';

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** How long a crawler may keep robots.txt and the sitemap: they change only with a new build. */
const MAX_AGE_SECONDS = 3600;

/**
 * sitemap.xml: every page meant for search engines, once per language, each naming its every
 * language and the address that lets the server choose (x-default), as the pages' own heads do.
 */
export function sitemapXml(pages: WebPages): string {
  const { languages, sitemap } = pages.manifest;
  const alternates = (path: string) => [
    ...languages.map((language) => `    <xhtml:link rel="alternate" hreflang="${language}" href="${escapeXml(pages.url(`${path}?lng=${language}`))}"/>`),
    `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(pages.url(path))}"/>`,
  ];
  const urls = sitemap.flatMap((path) =>
    languages.map((language) => ['  <url>', `    <loc>${escapeXml(pages.url(`${path}?lng=${language}`))}</loc>`, ...alternates(path), '  </url>'].join('\n')),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export function robotsTxt(pages: WebPages): string {
  return ['User-agent: *', 'Allow: /', '', `Sitemap: ${pages.url('/sitemap.xml')}`, ''].join('\n');
}

/** GET /robots.txt and /sitemap.xml, with the install's own address (APP_URL) in them. */
export function registerSiteFiles(app: FastifyInstance, pages: WebPages): void {
  const sitemap = sitemapXml(pages);
  const robots = robotsTxt(pages);
  const cacheControl = `public, max-age=${MAX_AGE_SECONDS}`;
  app.get('/sitemap.xml', async (_request, reply) => reply.header('cache-control', cacheControl).type('application/xml; charset=utf-8').send(sitemap));
  app.get('/robots.txt', async (_request, reply) => reply.header('cache-control', cacheControl).type('text/plain; charset=utf-8').send(robots));
}
