import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { LIMITS } from '@bank/contracts';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { AppDeps } from './deps';
import { BackgroundWork } from './lib/background';
import { registerErrorHandling } from './lib/error-handler';
import { registerJsonBodyParser } from './lib/json-body';
import { registerSecurityHeaders } from './lib/security-headers';
import { registerSiteFiles } from './lib/site-files';
import { WebPages } from './lib/web-pages';
import { HTTP_TIMEOUTS, timeoutOptions, type HttpTimeouts } from './lib/http-timeouts';
import { createDatabaseRateLimitStore } from './lib/rate-limit-store';
import { approvalRegistry } from './wiring/approval-kinds';
import { apiModules } from './wiring/routes';
import { GroupCommit, HTTP_GROUP_COMMIT, type GroupCommitOptions } from './modules/ledger';
import { measureApp } from './modules/metrics';
import { signingKeyRoute } from './modules/statement';

export type { AppDeps } from './deps';

/** The built web app, served for every path outside /api. */
export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Paths and headers whose values are secrets: never written to the log. */
const REDACTED_PATHS = ['req.headers.authorization', 'req.headers.cookie', 'req.headers["idempotency-key"]'];

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      // The query string is dropped: it may hold a password-reset token (/reset_password?token=…).
      // An operator's enrolment token is in the path itself, and a wrong or spent one is logged.
      req: (request: { method: string; url: string; id: string }) => ({
        method: request.method,
        path: request.url.split('?')[0]!.replace(/(\/backoffice\/enrolment\/)[^/]+/, '$1[redacted]'),
        id: request.id,
      }),
    },
  };
}

/**
 * One log line per answer instead of Fastify's two: failures at info, where operators watch, and
 * successes only at debug. Two info lines for every request cost more than many a request's own work.
 */
class AnswerLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { req: request, statusCode: reply.statusCode, responseTime: reply.elapsedTime };
    if (error) request.log.error({ ...line, err: error }, 'request errored');
    else request.log[reply.statusCode >= 400 ? 'info' : 'debug'](line, 'request completed');
  }
}

/** Believes X-Forwarded-For for that many proxy hops in front of the server. */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

export async function buildApp(
  deps: AppDeps,
  options: {
    logger?: FastifyServerOptions['logger'];
    /** A ready pino instance (tests capture its output); wins over `logger`. */
    loggerInstance?: FastifyServerOptions['loggerInstance'];
    webDist?: string | null;
    /** Batch size and transactions in flight of the money writes (benchmarks try others). */
    groupCommit?: GroupCommitOptions;
    /** How long a connection may take over its headers and body (tests shorten them). */
    timeouts?: HttpTimeouts;
  } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.loggerInstance ? { loggerInstance: options.loggerInstance } : { logger: options.logger ?? false }),
    bodyLimit: LIMITS.maxBodyBytes,
    ...timeoutOptions(options.timeouts ?? HTTP_TIMEOUTS),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // Behind a reverse proxy, the configured proxies' X-Forwarded-For names the client (TRUST_PROXY).
    trustProxy: typeof deps.config.trustProxy === 'number' ? trustHops(deps.config.trustProxy) : deps.config.trustProxy,
    return503OnClosing: true,
    logController: new AnswerLogController(),
  });
  app.decorate('deps', deps);
  const background = new BackgroundWork();
  app.decorate('background', background);
  app.decorate('money', new GroupCommit(deps.db, options.groupCommit ?? HTTP_GROUP_COMMIT));
  app.decorate('approvalKinds', approvalRegistry);
  measureApp(app);
  app.addHook('onClose', async () => background.settled());
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // API answers carry tokens and personal and financial data: no browser or proxy may keep them,
    // unless a route says its answer is public.
    if (request.url.startsWith('/api') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  // Outside plugins first: security headers, then rate limiting (routes opt in with config.rateLimit).
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    // HSTS only in production: on http://localhost it would pin the developer's browser to https.
    strictTransportSecurity:
      deps.config.env === 'production' ? { maxAge: 63_072_000, includeSubDomains: true, preload: false } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, { global: false, store: createDatabaseRateLimitStore(deps.db) });
  // Cookies are read only by the sign-in calls (the device cookie, auth/devices.ts): no parsing on every request.
  await app.register(cookie, { hook: false });

  registerErrorHandling(app);
  registerJsonBodyParser(app);

  for (const module of apiModules) {
    await app.register(module, { prefix: '/api' });
  }
  // Public files outside /api that are not pages of the web app.
  await app.register(signingKeyRoute);

  const webDist = options.webDist === undefined ? DEFAULT_WEB_DIST : options.webDist;
  if (webDist && existsSync(path.join(webDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file (apps/web/build/precompress.ts): sent by
      // the client's Accept-Encoding, with Vary, and nothing is compressed per request.
      preCompressed: true,
      // The pre-rendered pages hold placeholders for the install's address: sent only filled in.
      allowedPath: (pathName) => !pathName.startsWith('/pages/'),
      setHeaders(reply, filePath) {
        // Hashed build assets never change; index.html must always be revalidated.
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}static${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    const webPages = WebPages.load(webDist, deps.config.appUrl);
    app.decorate('webPages', webPages);
    registerSiteFiles(app, webPages);
  }
  return app;
}
