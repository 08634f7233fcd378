// Imported by file: the package index re-exports every schema (zod, phone and IBAN libraries), which
// would otherwise ride along into every chunk that calls the API.
import type { ErrorBody } from '@bank/contracts/errors';
import { PROTOCOL } from '@bank/contracts/protocol';
import { takeEarlyRead } from './earlyReads';

/** An answer other than 2xx, or no answer at all (status 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody | null,
  ) {
    super(body?.message ?? (status === 0 ? 'Network error' : `HTTP ${status}`));
  }
  /** docs/product.md#errors-and-messages: the text that marks a session as invalid. */
  get isInvalidAuthorization(): boolean {
    return this.body?.message === PROTOCOL.invalidAuthorization;
  }
  /** The bank has closed the client (docs/bank-controls.md#closing-a-client): every call but a few is refused. */
  get isClientClosed(): boolean {
    return this.status === 403 && this.body?.code === 'CLIENT_CLOSED';
  }
}

type SessionHandler = () => void;
let onInvalidAuthorization: SessionHandler | undefined;
let onClientClosed: SessionHandler | undefined;

/** The cabinet registers what happens on 'Invalid authorization data' (the session-expired modal). */
export function setInvalidAuthorizationHandler(handler: SessionHandler | undefined): void {
  onInvalidAuthorization = handler;
}

/** The cabinet registers what happens on a 403 CLIENT_CLOSED, whichever call met it (the closure alone is shown). */
export function setClientClosedHandler(handler: SessionHandler | undefined): void {
  onClientClosed = handler;
}

/** Tells the cabinet's handlers about a failed call that ended the session or met a closed client. */
function announce(error: ApiError): void {
  if (error.isInvalidAuthorization) onInvalidAuthorization?.();
  else if (error.isClientClosed) onClientClosed?.();
}

export interface RequestOptions {
  body?: unknown;
  token?: string | null | undefined;
  idempotencyKey?: string;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
}

/** Calls the API under /api with JSON in and out; throws ApiError on failure. */
export async function apiRequest<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, options: RequestOptions = {}): Promise<T> {
  const url = new URL(`/api/${path.replace(/^\/?(api\/)?/, '')}`, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;

  // A plain read the page's first script already made (lib/earlyReads.ts) is not made again.
  const plainRead = method === 'GET' && options.token && url.search === '' && !options.signal;
  const early = plainRead ? takeEarlyRead(url.pathname.slice('/api/'.length), options.token!) : undefined;
  let response: Response;
  try {
    response = await (early ??
      fetch(url, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
      }));
  } catch {
    throw new ApiError(0, null);
  }
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const error = new ApiError(response.status, (data as ErrorBody | null) ?? null);
    announce(error);
    throw error;
  }
  return data as T;
}

/** A fresh idempotency key for one money-moving submission, reused on its retries. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/**
 * Downloads a file from the API with the bearer token (a link cannot send it): the body as a Blob
 * and the file name the server gave in Content-Disposition. Failures throw ApiError as above.
 */
export async function apiDownload(
  path: string,
  options: Pick<RequestOptions, 'token' | 'query' | 'signal'> = {},
): Promise<{ blob: Blob; filename: string | null }> {
  const url = new URL(`/api/${path.replace(/^\/?(api\/)?/, '')}`, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  let response: Response;
  try {
    response = await fetch(url, { headers: options.token ? { authorization: `Bearer ${options.token}` } : {}, signal: options.signal });
  } catch {
    throw new ApiError(0, null);
  }
  if (!response.ok) {
    let body: ErrorBody | null = null;
    try {
      body = (await response.json()) as ErrorBody;
    } catch {
      body = null;
    }
    const error = new ApiError(response.status, body);
    announce(error);
    throw error;
  }
  const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? null;
  return { blob: await response.blob(), filename };
}
