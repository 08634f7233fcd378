import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { APP_ORIGIN_PLACEHOLDER, CANONICAL_URL_PLACEHOLDER, WEB_PAGES_FILE, type WebPagesManifest } from '@bank/contracts/web-pages';
import type { FastifyRequest } from 'fastify';
import type { ContentEncoding } from './content-encoding';

/** One page as sent: its HTML, and each compressed copy made once, when first asked for. */
export class PageBody {
  private readonly encoded = new Map<ContentEncoding, Buffer>();

  /** @param styleHashes the CSP sources of the page's inline styles (the build's manifest). */
  constructor(
    private readonly html: Buffer,
    readonly styleHashes: readonly string[] = [],
  ) {}

  in(encoding: ContentEncoding): Buffer {
    let body = this.encoded.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? brotliCompressSync(this.html, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: this.html.length } })
          : encoding === 'gzip'
            ? gzipSync(this.html, { level: 9 })
            : this.html;
      this.encoded.set(encoding, body);
    }
    return body;
  }
}

/**
 * The policy with the page's inline styles allowed by their hashes in `style-src` (and nothing
 * else): a pre-rendered page carries its first screen's styles inline so it paints at once.
 */
export function policyAllowingStyles(policy: string, hashes: readonly string[]): string {
  if (hashes.length === 0) return policy;
  const directives = policy.split(';').map((directive) => directive.trim());
  const index = directives.findIndex((directive) => directive.startsWith('style-src '));
  if (index === -1) throw new Error('The content security policy has no style-src to add the page\'s styles to');
  directives[index] = `${directives[index]} ${hashes.join(' ')}`;
  return directives.join(';');
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The language the web app will show, as far as the server can tell: the `lng` query, the
 * `i18next` cookie (the app keeps the visitor's choice there too), then the browser's first
 * language it has; the first language otherwise.
 */
function languageOf(request: FastifyRequest, languages: readonly string[]): { language: string; asked: boolean } {
  const query = (request.query as Record<string, unknown> | undefined)?.lng;
  const asked = typeof query === 'string' ? query.slice(0, 2).toLowerCase() : undefined;
  if (asked && languages.includes(asked)) return { language: asked, asked: true };
  const cookie = /(?:^|;\s*)i18next=([a-z]{2})/i.exec(request.headers.cookie ?? '')?.[1];
  const accepted = (request.headers['accept-language'] ?? '').split(',').map((part) => part.trim().slice(0, 2));
  for (const candidate of [cookie, ...accepted]) {
    const language = candidate?.toLowerCase();
    if (language && languages.includes(language)) return { language, asked: false };
  }
  return { language: languages[0] ?? 'en', asked: false };
}

/** Whether a query string names nothing but the language (`lng`). */
function onlyLanguageAsked(query: string): boolean {
  return [...new URLSearchParams(query).keys()].every((key) => key === 'lng');
}

/**
 * The web app's pages, held in memory: the pages pre-rendered at build time (apps/web/build/
 * route-pages.ts) with the install's address filled in, and index.html for every other path.
 * A pre-rendered page is sent in the visitor's language; its canonical address is the page in
 * that language when the visitor asked for one (`?lng=`), else the bare path the server chose for.
 */
export class WebPages {
  private readonly bodies = new Map<string, PageBody>();

  private constructor(
    private readonly webDist: string,
    private readonly origin: string,
    readonly manifest: WebPagesManifest,
  ) {}

  static load(webDist: string, appUrl: string): WebPages {
    const file = path.join(webDist, WEB_PAGES_FILE);
    const manifest: WebPagesManifest = existsSync(file)
      ? (JSON.parse(readFileSync(file, 'utf8')) as WebPagesManifest)
      : { languages: [], pages: {}, sitemap: [], bareOnly: [], styleHashes: {} };
    return new WebPages(webDist, appUrl.replace(/\/+$/, ''), manifest);
  }

  /** An absolute address on this install. */
  url(pathAndQuery: string): string {
    return `${this.origin}${pathAndQuery}`;
  }

  /** Whether the path is a page pre-rendered at build time (drawn, forms and all, before the app runs). */
  isPrerendered(pathOnly: string): boolean {
    return Object.hasOwn(this.manifest.pages, pathOnly);
  }

  pageFor(request: FastifyRequest): PageBody {
    const [pathOnly = '', query = ''] = request.url.split('?');
    const byLanguage = this.manifest.pages[pathOnly];
    if (!byLanguage) return this.body('index.html', '');
    if (this.manifest.bareOnly.includes(pathOnly) && !onlyLanguageAsked(query)) return this.body('index.html', '');
    const { language, asked } = languageOf(request, this.manifest.languages);
    const file = byLanguage[language];
    if (!file) return this.body('index.html', '');
    return this.body(file, this.url(asked ? `${pathOnly}?lng=${language}` : pathOnly));
  }

  private body(file: string, canonicalUrl: string): PageBody {
    const key = `${file} ${canonicalUrl}`;
    let body = this.bodies.get(key);
    if (!body) {
      const html = readFileSync(path.join(this.webDist, file), 'utf8')
        .replaceAll(CANONICAL_URL_PLACEHOLDER, escapeAttribute(canonicalUrl))
        .replaceAll(APP_ORIGIN_PLACEHOLDER, escapeAttribute(this.origin));
      body = new PageBody(Buffer.from(html), this.manifest.styleHashes[file]);
      this.bodies.set(key, body);
    }
    return body;
  }
}
