import { describe, expect, it } from 'vitest';
import { APP_ORIGIN_PLACEHOLDER, CANONICAL_URL_PLACEHOLDER } from '../../../packages/contracts/src/web-pages';
import { pageDocument } from './page-document';

const template = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="Online multi-currency bank" />
    <title>Meridian Bank</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const page = pageDocument({
  template,
  path: '/about-bank',
  language: 'ru',
  languages: ['en', 'ru'],
  title: 'О банке · «Меридиан» & Co',
  description: 'Банк "без границ" <с 2022 года>',
  root: '<div id="root" data-prerendered="ru"><h1>О банке</h1></div>',
  hints: ['<link rel="stylesheet" href="/static/media/site.css">'],
});

describe('pageDocument', () => {
  it('writes the language, escaped title and description, and the content into the root', () => {
    expect(page).toContain('<html lang="ru">');
    expect(page).toContain('<title>О банке · «Меридиан» &amp; Co</title>');
    expect(page).toContain('<meta name="description" content="Банк &quot;без границ&quot; &lt;с 2022 года&gt;" />');
    expect(page).toContain('<div id="root" data-prerendered="ru"><h1>О банке</h1></div>');
    expect(page).not.toContain('<div id="root"></div>');
    expect(page).toContain('<link rel="stylesheet" href="/static/media/site.css">');
  });

  it('links the canonical address, every language and x-default, and the Open Graph tags, with the origin left to the server', () => {
    expect(page).toContain(`<link rel="canonical" href="${CANONICAL_URL_PLACEHOLDER}">`);
    expect(page).toContain(`<link rel="alternate" hreflang="en" href="${APP_ORIGIN_PLACEHOLDER}/about-bank?lng=en">`);
    expect(page).toContain(`<link rel="alternate" hreflang="ru" href="${APP_ORIGIN_PLACEHOLDER}/about-bank?lng=ru">`);
    expect(page).toContain(`<link rel="alternate" hreflang="x-default" href="${APP_ORIGIN_PLACEHOLDER}/about-bank">`);
    expect(page).toContain('<meta property="og:title" content="О банке · «Меридиан» &amp; Co">');
    expect(page).toContain(`<meta property="og:url" content="${CANONICAL_URL_PLACEHOLDER}">`);
    expect(page).toContain(`<meta property="og:image" content="${APP_ORIGIN_PLACEHOLDER}/og-image.png">`);
    expect(page).toContain('<meta property="og:locale" content="ru_RU">');
    expect(page).toContain('<meta property="og:locale:alternate" content="en_US">');
  });

  it('fails the build when index.html lacks what it fills in', () => {
    expect(() => pageDocument({ template: template.replace('<div id="root"></div>', ''), path: '/', language: 'en', languages: ['en'], title: 't', description: 'd', root: '', hints: [] })).toThrow(/no <div id="root">/);
  });
});
