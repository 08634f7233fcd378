import type { ServerOptions } from 'node:http';

/**
 * How long one connection may take to say what it wants. Without bounds a client that sends its
 * headers or body a byte at a time holds a socket (and the memory of a half-read request) for as
 * long as it likes, and a few hundred of them starve the server.
 */
export interface HttpTimeouts {
  /** From the connection's first byte until the request's headers are complete. */
  headersMs: number;
  /**
   * Until the whole request, body included, has arrived: long enough for the largest body we take
   * (a 25 MB statement PDF to verify) over a slow mobile link, and no longer.
   */
  requestMs: number;
  /** A socket with no traffic at all is closed after this. */
  idleMs: number;
  /** How often Node looks for requests over their time: the cut comes at most this much late. */
  checkEveryMs: number;
}

export const HTTP_TIMEOUTS: HttpTimeouts = { headersMs: 15_000, requestMs: 120_000, idleMs: 75_000, checkEveryMs: 2_000 };

/** The Fastify options that set them on its Node server; Fastify's own defaults switch them off. */
export function timeoutOptions(timeouts: HttpTimeouts): { requestTimeout: number; connectionTimeout: number; http: ServerOptions } {
  return {
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: timeouts.checkEveryMs },
  };
}
