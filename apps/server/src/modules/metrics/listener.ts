import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BankMetrics } from './instruments';
import { METRICS_PATH } from '../../lib/metrics-path';

/** A metrics listener that is open: its port (the one given, or the one chosen for 0) and its end. */
export interface MetricsListener {
  port: number;
  close(): Promise<void>;
}

/**
 * GET /metrics in Prometheus's text format, on a port of its own (METRICS_PORT), never the public
 * one: what it shows (routes, queues, failures) is for the bank's monitoring, which reaches this
 * port inside the bank's network. A plain HTTP server: one path, no framework needed.
 */
export async function listenForMetrics(metrics: BankMetrics, options: { host: string; port: number; onError?: (error: unknown) => void }): Promise<MetricsListener> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== METRICS_PATH || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    metrics.render().then(
      (text) => {
        response.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        options.onError?.(error);
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics failed\n');
      },
    );
  });
  // A scraper that keeps its connection open must not hold the server's end back for long.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
