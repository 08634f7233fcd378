import type { FastifyError, FastifyInstance } from 'fastify';
import type { ErrorBody } from '@bank/contracts';
import { isDatabaseUnavailable } from '../db';
import { METRICS_PATH } from './metrics-path';
import { preferredEncoding } from './content-encoding';
import { AppError } from './errors';
import { policyAllowingStyles } from './web-pages';

/**
 * One handler turns every error into an answer: AppErrors as they are, framework errors (bad JSON,
 * too large, rate limit) as 4xx, anything else as a 500 whose details stay in the log.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      // A refusal that says when to come back (a full money queue, a lock) says it where HTTP
      // clients and proxies look too.
      const retryAfterSeconds = error.details?.retryAfterSeconds;
      if (typeof retryAfterSeconds === 'number') reply.header('retry-after', String(Math.ceil(retryAfterSeconds)));
      return reply.status(error.status).send(error.toBody());
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      const body: ErrorBody = { code: 'TOO_MANY_REQUESTS', message: 'Too many attempts. Please try again later.' };
      return reply.status(429).send(body);
    }
    if (status >= 400 && status < 500) {
      const body: ErrorBody = {
        code: 'BAD_REQUEST',
        message: error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'Request body is too large' : 'Bad request',
      };
      return reply.status(status).send(body);
    }
    if (isDatabaseUnavailable(error)) {
      // Too busy or away: the client may try again; this is not a fault of the request.
      request.log.warn({ err: error }, 'database unavailable');
      const body: ErrorBody = { code: 'UNAVAILABLE', message: 'Service unavailable' };
      return reply.status(503).send(body);
    }
    request.log.error({ err: error }, 'unexpected error');
    const body: ErrorBody = { code: 'INTERNAL', message: 'Internal server error' };
    return reply.status(500).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const pathOnly = request.url.split('?')[0] ?? '';
    // The metrics' path is no page either: a scraper sent to the public port by mistake hears 404,
    // not the web app's 200 (the metrics have a port of their own, modules/metrics).
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !pathOnly.startsWith('/api') && pathOnly !== METRICS_PATH;
    if (wantsPage && app.webPages) {
      // The SPA decides what an unknown page shows ('404 - Page Not Found').
      // The page a route gets may depend on the visitor's language (lib/web-pages.ts).
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding, accept-language, cookie').type('text/html; charset=utf-8');
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      const page = app.webPages.pageFor(request);
      const policy = reply.getHeader('content-security-policy');
      if (typeof policy === 'string') reply.header('content-security-policy', policyAllowingStyles(policy, page.styleHashes));
      return reply.send(page.in(encoding));
    }
    // A pre-rendered page's form sent by a browser in which the app never ran (the pages draw their
    // forms with method="post", so that nothing typed goes into an address): back to the page, the
    // fields unread. Only the app sends the bank anything, to /api.
    if (request.method === 'POST' && app.webPages?.isPrerendered(pathOnly)) {
      return reply.redirect(request.url, 303);
    }
    const body: ErrorBody = { code: 'NOT_FOUND', message: 'Not found' };
    return reply.status(404).send(body);
  });
}
