import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * A request's route label: Fastify's route template (`/api/account/:id`), never the raw URL, so the
 * series stay as few as the routes. Files of the built web app and its pages (sent by the not-found
 * handler) are one route, 'static'; anything else no route matched is 'unmatched'.
 */
export function routeLabel(request: FastifyRequest, reply: FastifyReply): string {
  if (request.is404) return reply.statusCode === 404 ? 'unmatched' : 'static';
  const { url, config } = request.routeOptions;
  if (url === undefined) return 'unmatched';
  // @fastify/static registers one route per file, each with its file in the route's config.
  return (config as { file?: unknown }).file === undefined ? url : 'static';
}

/**
 * Measures the app with its deps' metrics: every answer (count and duration) and the group commit
 * (batches, waits, refusals, queue depth). An app built without metrics is left as it is.
 */
export function measureApp(app: FastifyInstance): void {
  const { metrics } = app.deps;
  if (!metrics) return;
  app.money.observe(metrics.groupCommit);
  metrics.watchGroupCommit(app.money);
  // A callback hook, not an async one: no promise per request.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(request.method, routeLabel(request, reply), reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
