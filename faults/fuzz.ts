import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { accountNumberFromSerial } from '@bank/contracts/accounts/account-number';
import { isValidCryptoAddress } from '@bank/contracts/crypto/addresses';
import { FIAT_CURRENCIES, type CryptoCurrency } from '@bank/contracts/money/currencies';
import fc from 'fast-check';
import type { z } from 'zod';
import { parseWith } from '../apps/server/src/lib/errors';
import { parseJsonBody } from '../apps/server/src/lib/json-body';
import { API_PREFIX, assertRouteListComplete, ROUTES, type RouteSpec, type SampleIds } from './routes';

/**
 * Fuzz and cross-client access checks of the API (docs/api.md, docs/reliability.md#the-fault-suite): whatever a client sends, the
 * server answers with a 4xx and keeps running (never a 5xx, never a dropped connection), and no
 * request of one client reads or changes another client's accounts, wallets, transfers or KYC.
 */

/** A signed-in client and the identifiers that are its own. */
export interface FuzzParty {
  token: string;
  accountNumbers: string[];
  walletAddresses: string[];
  transactionNumbers: string[];
  kycIds: string[];
}

/**
 * What a run found. `input` describes the request that caused a finding (headers and the start of
 * the body), so that it can be sent again by hand.
 */
export interface FuzzReport {
  requests: number;
  serverErrors: Array<{ method: string; path: string; status: number; body: string; input?: string }>;
  leaks: Array<{ method: string; path: string; status: number; detail: string; input?: string }>;
}

/* ------------------------------------------------------------------------------------------------
 * Sending requests: node:http directly, so that any bytes, content type, length and header reach
 * the server as a hostile client would send them.
 * --------------------------------------------------------------------------------------------- */

interface Probe {
  method: string;
  /** Path and query, already encoded (possibly on purpose badly). */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

interface Answer {
  /** 0 when no answer came (connection dropped, or none within the time limit). */
  status: number;
  body: string;
}

const ANSWER_TIMEOUT_MS = 30_000;
/**
 * The largest body sent: four times the server's limit. The server refuses a larger body unread
 * and closes the connection; from about 1 MB up the client may still be writing then and see the
 * connection reset instead of the 413, a race at the TCP level that would make every verdict a
 * matter of timing.
 */
const MAX_BODY_BYTES = 256 * 1024;
/** Enough of an answer to judge it; a statement CSV may be far longer. */
const ANSWER_KEEP_BYTES = 2_000_000;

function send(baseUrl: string, probe: Probe, agent: http.Agent): Promise<Answer> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer: Answer) => {
      if (!settled) {
        settled = true;
        resolve(answer);
      }
    };
    let request: http.ClientRequest;
    try {
      request = http.request(`${baseUrl}${probe.path}`, { method: probe.method, headers: probe.headers, agent }, (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        response.on('data', (chunk: Buffer) => {
          if (kept < ANSWER_KEEP_BYTES) chunks.push(chunk);
          kept += chunk.length;
        });
        response.on('end', () => finish({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', (error) => finish({ status: 0, body: `answer cut off after status ${response.statusCode}: ${error.message}` }));
      });
    } catch (error) {
      // Refused by this process's HTTP client before anything was sent: not a server matter.
      finish({ status: -1, body: String(error) });
      return;
    }
    request.setTimeout(ANSWER_TIMEOUT_MS, () => request.destroy(new Error(`no answer within ${ANSWER_TIMEOUT_MS / 1000} s`)));
    request.on('error', (error) => finish({ status: 0, body: `no answer: ${error.message}` }));
    if (probe.body) request.end(probe.body);
    else request.end();
  });
}

/**
 * A new connection for every request, closed after its answer (no socket limit, so no reuse): a
 * kept-alive socket that the server has just closed would read as a dropped connection that no
 * request caused.
 */
function connectionPerRequest(): http.Agent {
  return new http.Agent({ keepAlive: false });
}

/** Runs the tasks with at most `limit` at a time. */
async function inPool<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await task(item);
    }
  });
  await Promise.all(workers);
}

/** How a request looked, short enough for a report line. */
function describeInput(probe: Probe): string {
  const headers = Object.entries(probe.headers)
    .filter(([name]) => name !== 'content-length')
    .map(([name, value]) => `${name}: ${name === 'authorization' ? redactToken(value) : clip(value, 80)}`);
  const parts = [headers.length > 0 ? headers.join('; ') : 'no headers'];
  if (probe.body) parts.push(`body ${probe.body.length} bytes: ${JSON.stringify(clip(probe.body.toString('utf8'), 300))}`);
  return parts.join(' | ');
}

function redactToken(value: string): string {
  return value.length > 40 ? `${value.slice(0, 14)}…(${value.length} chars)` : value;
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…(${text.length} chars)` : text;
}

/* ------------------------------------------------------------------------------------------------
 * JSON text with values JSON.stringify cannot write: numbers beyond a double (1e400), with twenty
 * decimals, or a nesting thousands of levels deep (written as text, not built as objects).
 * --------------------------------------------------------------------------------------------- */

class RawJson {
  constructor(readonly text: string) {}
}
type Json = null | boolean | number | string | RawJson | Json[] | { [key: string]: Json };

function jsonText(value: Json): string {
  if (value instanceof RawJson) return value.text;
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : 'null';
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}:${jsonText(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function nestedArrays(depth: number): RawJson {
  return new RawJson(`${'['.repeat(depth)}${']'.repeat(depth)}`);
}
function nestedObjects(depth: number): RawJson {
  return new RawJson(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
}

/** Percent-encodes every byte outside the unreserved set; lone surrogates become U+FFFD. */
function encode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9._~-]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/* ------------------------------------------------------------------------------------------------
 * The values that break fields.
 * --------------------------------------------------------------------------------------------- */

/** Text no field of the bank should take at face value. */
const EDGE_TEXTS = [
  '', ' ', '\u0000', 'a\u0000b', '\u0007', '\u001b[2J', '\u007f', '\u0085', 'line\nbreak', 'tab\tbed', '\r\nX-Injected: 1',
  '\u2028\u2029', '\ud800', '\udfff', '\ufeff', '\u202e', '\u200b', '%00', '%', '\\', '"', "'", "'; drop table clients; --",
  '<script>alert(1)</script>', '${7*7}', '{{7*7}}', '../../etc/passwd', 'null', 'undefined', 'NaN', 'Infinity', '-Infinity',
  'true', '[]', '{}', '__proto__', 'constructor', 'prototype', '0x1F', '1_000', '１２３', '١٢٣', '𝟙𝟚𝟛', '🏦💶', 'İıǅß',
  'a'.repeat(201), 'é'.repeat(5001), 'EUR\u0000', 'eur', 'EUR ', 'XXX', 'BTC\n', 'EUR/EUR', 'admin', 'payments',
  '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff', '4070000000000000',
];

/** Amounts as text that no money request may carry: zero, negative, too precise, exponents, junk. */
const BAD_AMOUNT_TEXTS = [
  '0', '0.00', '-0', '-1', '-0.01', '-5.00', '0.00000000000000000001', '10.12345678901234567890', '1e400', '-1e400', '1e-7',
  '1E+2', '1e308', '1e-400', 'NaN', 'Infinity', '-Infinity', '0x10', '１０', '١٠', '1 000', '5,00', '1.', '.5', '+5', '--1', '1..0',
  '1.0.0', '', ' ', '\u0000', '1\u0000',
];

/** Number literals as JSON text: past a double, below its precision, twenty decimals, negative, zero. */
const RAW_NUMBERS = [
  '1e400', '-1e400', '1e-7', '1E+308', '1e-400', '0.00000000000000000001', '12345678901234567890.12345678901234567890',
  '-0', '0', '-1', '-0.01', '9007199254740993', '123456789012345678901234567890123456789', '0.1e1', '-0.0', '1E5',
];

/** Amounts that make any money request invalid whatever its other fields hold. */
const POISON_AMOUNTS: Json[] = [
  ...BAD_AMOUNT_TEXTS,
  ...['0', '-0', '-1', '-0.01', '1e400', '-1e400', '1e-7', '1E+2', '1e-400', '0.00000000000000000001', '10.12345678901234567890'].map(
    (text) => new RawJson(text),
  ),
  0, -1, -0.5, null, true, false, [], {}, ['10.00'], { amount: '10.00' },
];

const hugeText: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(60_000, 100_000, 150_000, 250_000), fc.constantFrom('a', '\u0000', 'я', '🏦', '9', ' '))
  .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)));

const deepValue: fc.Arbitrary<RawJson> = fc
  .tuple(fc.constantFrom(1_000, 1_001, 2_500, 5_000, 10_000, 20_000, 30_000), fc.boolean())
  .map(([depth, arrays]) => (arrays ? nestedArrays(depth) : nestedObjects(Math.min(depth, 12_000))));

/** A value of the wrong type, size or shape for any field. */
const junkValue: fc.Arbitrary<Json> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...EDGE_TEXTS) },
  { weight: 4, arbitrary: fc.constantFrom(...BAD_AMOUNT_TEXTS) },
  { weight: 4, arbitrary: fc.constantFrom(...RAW_NUMBERS).map((text) => new RawJson(text)) },
  { weight: 3, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(-0)) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json> },
  { weight: 1, arbitrary: fc.constantFrom<Json>([], {}, [null], [[]], { '': '' }, ['EUR', 'USD'], { currency: 'EUR' }, [1e308]) },
  { weight: 1, arbitrary: deepValue },
  { weight: 1, arbitrary: hugeText },
);

/** A query-string value, already encoded; some malformed on purpose. */
const junkQueryValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...EDGE_TEXTS).map(encode) },
  { weight: 4, arbitrary: fc.constantFrom(...BAD_AMOUNT_TEXTS, ...RAW_NUMBERS).map(encode) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }).map(encode) },
  {
    weight: 3,
    arbitrary: fc.constantFrom('%', '%%', '%E0%A4%A', '%zz', '%C0%AF', '%ED%A0%80', '%FF%FE', '%00', '%0A', '%u0041', '+', '%2B', '&', '=', '==', ';', '#'),
  },
  { weight: 1, arbitrary: fc.constantFrom(2_000, 9_000, 20_000, 110_000).map((length) => 'a'.repeat(length)) },
);

/**
 * Values that pass a field's first check and test what lies behind it: dates at the ends of the
 * calendar, time zones at the ends of the clock, page numbers at the ends of their range, search
 * text with the wildcards and escape of SQL's LIKE. Keyed by field name, in query or body alike.
 */
const DATES = [
  '0001-01-01', '9999-12-31', '1970-01-01', '2024-02-29', '2023-02-29', '0000-01-01', '1900-01-01', '2038-01-19', '275760-09-13',
  '2024-01-01T25:00:00', '2024-01-01T00:00:00+99:00', '2024-01-01 00:00:00', '2024-12-31T23:59:59.999999999Z', '-2024-01-01',
  '+002024-01-01', '2024-1-1', '20240101', '2024-06-15Tjunk',
];
const TIME_ZONES = [
  'UTC', 'Etc/GMT+12', 'Etc/GMT-14', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Asia/Kathmandu', 'America/Argentina/ComodRivadavia',
  'Antarctica/Troll', 'Europe/Moscow', 'EST5EDT', 'Factory', 'localtime', 'Z', '+05:30', 'GMT+5', 'utc', 'Europe/Nowhere', '../UTC',
];
const SEARCH_TEXTS = ['\\', 'a\\', '%', '_', '%_\\', '\\%', "'", "''", '%%%', '[a-z]', '.*', '(', '*', '\\x00', 'é', 'ℌ', 'ǅ'];
const LIMITS = ['1', '8', '100', '101', '1000', '1001', '0', '-1', '1.0', '1e2', '99999999999999999999', '9007199254740993'];
const PAGES = ['1', '2', '100000', '100001', '1000000000', '1000000001', '0', '-1', '1.5', '9007199254740993', '1e9'];
const PERIODS_AND_STATUSES = ['today', 'week', 'month', 'quarter', 'year', 'all', 'custom', 'New', 'Processing', 'Approved', 'Denied', 'Canceled', 'new', ''];

function edgeValues(ids: SampleIds, strangers: readonly string[]): Record<string, readonly string[]> {
  const accounts = [...ids.accounts, ...strangers, '4070000000000000', '4070999999999999'];
  return {
    from: [...DATES, 'EUR', 'BTC', 'XXX'], to: [...DATES, 'USD', 'ETH', 'XXX'], transferDate: DATES, paymentDate: DATES,
    timeZone: TIME_ZONES, limit: LIMITS, page: PAGES, period: PERIODS_AND_STATUSES, status: PERIODS_AND_STATUSES,
    type: [...PERIODS_AND_STATUSES, 'internal', 'international', 'exchange', 'crypto', 'conversion'],
    purpose: SEARCH_TEXTS, recipient: [...SEARCH_TEXTS, ...ids.wallets], templateName: SEARCH_TEXTS, query: SEARCH_TEXTS, subject: SEARCH_TEXTS, actor: SEARCH_TEXTS,
    accountNumber: accounts, accNumberFrom: accounts, accNumberTo: [...accounts, ...ids.wallets], fromAccount: accounts,
    wallet: [...ids.wallets, ...strangers], fromWallet: ids.wallets, address: ids.wallets,
    currency: ['EUR', 'BTC', 'USDT', 'RUB', 'XXX', 'eur'], amount: ['1', '0.01', '100', '999999999999999999999999999999', '0.000000000000000001'],
    format: ['json', 'csv', 'pdf', 'CSV', ''], lang: ['en', 'ru', 'de', 'EN', ''], incoming: ['true', 'false', '1', '0', 'on', 'off', 'yes'],
    outgoing: ['true', 'false', '1', '0', 'on', 'off', 'yes'], paymentRegion: ['SEPA', 'SWIFT', 'sepa', 'ACH'],
  };
}

/* ------------------------------------------------------------------------------------------------
 * The field names of a route's payload, read from its contracts schema (nested objects as dotted
 * paths), so that a field added to a contract is fuzzed without touching this file.
 * --------------------------------------------------------------------------------------------- */

interface SchemaDef {
  type: string;
  shape?: Record<string, unknown>;
  in?: unknown;
  out?: unknown;
  options?: unknown[];
  innerType?: unknown;
}

function definition(schema: unknown): SchemaDef | undefined {
  return (schema as { _zod?: { def?: SchemaDef } } | undefined)?._zod?.def;
}

export function fieldPaths(schema: z.ZodType): string[][] {
  const found = new Map<string, string[]>();
  const walk = (node: unknown, prefix: string[], depth: number) => {
    const def = definition(node);
    if (!def || depth > 8) return;
    switch (def.type) {
      case 'object':
        for (const [name, child] of Object.entries(def.shape ?? {})) {
          const path = [...prefix, name];
          found.set(path.join('.'), path);
          walk(child, path, depth + 1);
        }
        return;
      case 'pipe':
        walk(def.in, prefix, depth + 1);
        walk(def.out, prefix, depth + 1);
        return;
      case 'union':
        for (const option of def.options ?? []) walk(option, prefix, depth + 1);
        return;
      default:
        if (def.innerType) walk(def.innerType, prefix, depth + 1);
    }
  };
  walk(schema, [], 0);
  return [...found.values()];
}

/** A copy that shares nothing: generated values may be one object handed out many times. */
function copyJson(value: Json): Json {
  if (Array.isArray(value)) return value.map(copyJson);
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, copyJson(item)]));
  return value;
}

function setAt(target: Record<string, Json>, path: readonly string[], value: Json): void {
  let node: Record<string, Json> = target;
  for (const name of path.slice(0, -1)) {
    const child = node[name];
    node[name] = isRecord(child) ? (copyJson(child) as Record<string, Json>) : {};
    node = node[name] as Record<string, Json>;
  }
  node[path[path.length - 1]!] = copyJson(value);
}

function deleteAt(target: Record<string, Json>, path: readonly string[]): void {
  let node: Json | undefined = target;
  for (const name of path.slice(0, -1)) {
    node = node !== null && typeof node === 'object' && !Array.isArray(node) && !(node instanceof RawJson) ? node[name] : undefined;
  }
  if (node !== null && node !== undefined && typeof node === 'object' && !Array.isArray(node) && !(node instanceof RawJson)) {
    delete node[path[path.length - 1]!];
  }
}

/* ------------------------------------------------------------------------------------------------
 * Cases: what one fuzzed request breaks.
 * --------------------------------------------------------------------------------------------- */

const NOT_JSON = [
  '{', '}', '[', '{"a":}', '{"a" 1}', '{a:1}', "{'a':1}", '{"a":1,}', '[1,]', '{"a":1}{"b":2}', '{"a":1} x', 'nul', 'tru', 'NaN',
  'Infinity', '-', '01', '1.', '.5', '+1', '"unterminated', '"\\x00"', '"\\u12"', '{"a":"\u0000"}', '\u0000', '\ufeff{}', 'undefined',
  '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"admin":true}}}', '{"a":1e400e5}', '[[[[[[[[', '{"a":[1,2}', '\ud800',
  '<?xml version="1.0"?><a/>', 'a=1&b=2', '--boundary\r\n\r\n--boundary--', 'SELECT 1',
];

/** Whole query strings, malformed or at the edges of their parameters. */
const RAW_QUERIES = [
  '?', '??', '?&&&', '?=', '?==&=', '?a', '?%', '?%%%', '?%E0%A4%A=1', '?a=%zz', '?&=&=&', '?;', `?${'a=1&'.repeat(3_000)}`,
  `?${'x'.repeat(120_000)}`, '?a=1#frag', '?limit=1&limit=2&limit=3', '?page=1e400', '?limit=-1', '?limit=0', '?limit=1.5', '?limit=NaN',
  '?amount=1e-7', '?amount=0.00000000000000000001', '?from=EUR&to=EUR&amount=-1',
];

/** Valid JSON that is no payload: a lone value, a list, nothing. */
const ODD_JSON = ['null', 'true', 'false', '0', '-1', '1e400', '""', '"Created"', '[]', '[{}]', '{}', '{"":""}', '{"a":{"a":{"a":{}}}}'];

/** Idempotency keys of money writes: too short, too long, odd characters, or a plain one. */
const IDEMPOTENCY_KEYS = [
  'a', '1234567', 'x'.repeat(201), 'x'.repeat(8_000), 'has spaces in it', 'semi;colon;key', '../../etc/passwd', 'ünïcödé-in-latin-1',
  '12345678', '6f1c1e4e-0000-4000-8000-000000000000', '00000000', ',,,,,,,,',
];

const WRONG_CONTENT_TYPES = [
  'text/plain', 'text/plain; charset=utf-8', 'multipart/form-data', 'multipart/form-data; boundary=fuzz', 'application/x-www-form-urlencoded',
  'application/xml', 'text/html', 'application/octet-stream', 'application/json-patch+json', 'application/problem+json', 'APPLICATION/JSON',
  'application/json; charset=utf-16', 'application/json; charset=latin1', 'application/json;;;', 'application/jsonx', '*/*', 'json', ';', 'image/png',
];

type CaseKind = 'fields' | 'allFields' | 'topLevel' | 'notJson' | 'contentType' | 'oversize' | 'query' | 'rawQuery' | 'path' | 'param' | 'method' | 'bodyOnGet';

/** One request before it is put into bytes: a payload (or raw text), its headers and its path. */
interface Draft {
  kind: CaseKind;
  method: string;
  path: string;
  query: string;
  contentType?: string;
  payload?: Json;
  /** Send the payload form-encoded rather than as JSON. */
  form?: boolean;
  rawBody?: string;
  chunked?: boolean;
  idempotencyKey?: string;
}

interface RouteContext {
  route: RouteSpec;
  fields: string[][];
  queryFields: string[];
  ids: SampleIds;
  /** Edge values by field name (see edgeValues). */
  edges: Record<string, readonly string[]>;
  /** Methods registered on the same path (a "wrong" method there would be another route). */
  registeredMethods: Set<string>;
}

/** A fresh copy of the route's plausible payload, its choices made by `choice`. */
function samplePayload(context: RouteContext, choice: number): Record<string, Json> {
  let turn = choice;
  const pick = <T>(items: readonly T[]): T => items[turn++ % items.length]!;
  return (context.route.sample?.(context.ids, pick) ?? {}) as Record<string, Json>;
}

function pathWithParams(route: RouteSpec, values: Record<string, string>): string {
  return `${API_PREFIX}${route.path.replace(/:(\w+)/g, (_match, name: string) => values[name] ?? 'x')}`;
}

/** Path parameters that name nothing: a fresh UUID or an unknown transaction number. */
function harmlessParams(route: RouteSpec, turn: number): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, kind] of Object.entries(route.params ?? {})) {
    values[name] = kind === 'uuid' ? `00000000-0000-4000-8000-${String(turn).padStart(12, '0')}` : `FUZZ-${turn}`;
  }
  return values;
}

const badParam: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '%00', '%2e%2e%2f%2e%2e%2f', '..%2F..%2Fetc%2Fpasswd', '%E0%A4%A', '%zz', '%', '%C0%AE', '%FF', '%0A', '%20', '%u0041', '-1', '0',
    '1e400', 'NaN', 'null', 'undefined', '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff',
    '00000000-0000-4000-8000-00000000000G', '{00000000-0000-4000-8000-000000000000}', "'%20OR%201=1--", '*', '.', '..', '~', 'a'.repeat(65),
    'a'.repeat(5_000), 'a'.repeat(70_000), '%F0%9F%8F%A6', 'TRX-1%00', 'a.b-c_d', '__proto__', 'constructor',
  ),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }).map(encode),
  fc.integer().map(String),
);

const badPathTail: fc.Arbitrary<(path: string) => string> = fc.constantFrom(
  (path: string) => `${path}/`,
  (path: string) => `${path}//`,
  (path: string) => `${path}/x`,
  (path: string) => `${path}/..%2F..`,
  (path: string) => `${path}%00`,
  (path: string) => `${path}%20`,
  (path: string) => `${path};jsessionid=1`,
  (path: string) => `${path}.json`,
  (path: string) => `${path}/%E0%A4%A`,
  (path: string) => path.toUpperCase(),
  (path: string) => path.replace(API_PREFIX, `${API_PREFIX}/`),
  (path: string) => path.replace(API_PREFIX, `${API_PREFIX}/.`),
  (path: string) => path.replace(API_PREFIX, `${API_PREFIX}/../api`),
  (path: string) => path.replace(API_PREFIX, '/API'),
  (path: string) => `${path}${'/a'.repeat(2_000)}`,
);

const ALL_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'TRACE'];

function queryOf(pairs: Array<[string, string]>): string {
  return pairs.length === 0 ? '' : `?${pairs.map(([key, value]) => `${key}=${value}`).join('&')}`;
}

/** Every way of breaking one route, as drafts. */
function draftsFor(context: RouteContext): fc.Arbitrary<Draft> {
  const { route } = context;
  const hasBody = route.method !== 'GET';
  const basePath = fc.nat().map((turn) => pathWithParams(route, harmlessParams(route, turn)));
  const fieldCount = context.fields.length;

  const fields = fc
    .record({
      path: basePath,
      choice: fc.nat(),
      keepSample: fc.boolean(),
      picks: fieldCount > 0 ? fc.uniqueArray(fc.nat(fieldCount - 1), { minLength: 1, maxLength: Math.min(3, fieldCount) }) : fc.constant<number[]>([]),
      values: fc.array(fc.tuple(junkValue, fc.nat(), fc.boolean()), { minLength: 3, maxLength: 3 }),
      drop: fc.option(fc.nat(Math.max(0, fieldCount - 1))),
      extra: fc.option(fc.tuple(fc.constantFrom('__proto__', 'constructor', 'extra', '', 'type', 'clientId', 'status', 'balance', 'id'), junkValue)),
      key: fc.option(fc.constantFrom(...IDEMPOTENCY_KEYS), { nil: undefined }),
    })
    .map(({ path, choice, keepSample, picks, values, drop, extra, key }): Draft => {
      const payload = keepSample ? samplePayload(context, choice) : {};
      picks.forEach((index, turn) => {
        const field = context.fields[index]!;
        const [junk, which, useEdge] = values[turn]!;
        const edges = context.edges[field[field.length - 1]!];
        setAt(payload, field, useEdge && edges && edges.length > 0 ? edges[which % edges.length]! : junk);
      });
      if (drop !== null && context.fields[drop] && !picks.includes(drop)) deleteAt(payload, context.fields[drop]!);
      // Defined, not assigned, so that a key named __proto__ is sent as a key.
      if (extra) Object.defineProperty(payload, extra[0], { value: copyJson(extra[1]), enumerable: true, writable: true, configurable: true });
      const draft: Draft = { kind: 'fields', method: route.method, path, query: '', contentType: 'application/json', payload };
      if (route.effect === 'money' && key !== undefined) draft.idempotencyKey = key;
      return draft;
    });

  const allFields = fc
    .record({ path: basePath, values: fc.array(junkValue, { minLength: Math.max(1, fieldCount), maxLength: Math.max(1, fieldCount) }) })
    .map(({ path, values }): Draft => {
      const payload: Record<string, Json> = {};
      context.fields.forEach((field, index) => setAt(payload, field, values[index]!));
      return { kind: 'allFields', method: route.method, path, query: '', contentType: 'application/json', payload };
    });

  const topLevel = fc
    .record({ path: basePath, value: fc.oneof(fc.constantFrom(...ODD_JSON).map((text) => new RawJson(text)), deepValue, junkValue), choice: fc.nat() })
    .map(({ path, value, choice }): Draft => ({
      kind: 'topLevel', method: route.method, path, query: '', contentType: 'application/json',
      payload: choice % 4 === 0 ? [samplePayload(context, choice)] : value,
    }));

  const notJson = fc
    .record({ path: basePath, text: fc.oneof(fc.constantFrom(...NOT_JSON), fc.string({ unit: 'binary', minLength: 1, maxLength: 200 }).map((text) => `{,${text}`)) })
    .map(({ path, text }): Draft => ({ kind: 'notJson', method: route.method, path, query: '', contentType: 'application/json', rawBody: text }));

  const contentType = fc
    .record({ path: basePath, type: fc.option(fc.constantFrom(...WRONG_CONTENT_TYPES), { nil: undefined, freq: 8 }), choice: fc.nat(), asForm: fc.boolean() })
    .map(({ path, type, choice, asForm }): Draft => ({
      kind: 'contentType', method: route.method, path, query: '', contentType: type, payload: samplePayload(context, choice), form: asForm,
    }));

  const oversize = fc
    .record({
      path: basePath,
      size: fc.constantFrom(64 * 1024 + 1, 65_600, 80_000, 100_000, 150_000, 200_000, MAX_BODY_BYTES),
      chunked: fc.boolean(),
      choice: fc.nat(),
      type: fc.constantFrom('application/json', 'application/json', 'text/plain', 'application/x-www-form-urlencoded'),
    })
    .map(({ path, size, chunked, choice, type }): Draft => {
      const payload = samplePayload(context, choice);
      const start = jsonText({ ...payload, padding: '' });
      const padding = 'x'.repeat(Math.max(0, size - start.length));
      return { kind: 'oversize', method: route.method, path, query: '', contentType: type, rawBody: jsonText({ ...payload, padding }), chunked };
    });

  const queryKeys = context.queryFields.length > 0 ? context.queryFields : ['q'];
  const query = fc
    .record({
      path: basePath,
      pairs: fc.array(
        fc.tuple(
          fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...queryKeys) }, { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor[prototype]', 'a[b]', 'limit[]', '', '%00', encode('ключ')) }),
          junkQueryValue,
          fc.nat(),
          fc.boolean(),
        ),
        { minLength: 1, maxLength: 5 },
      ),
      repeat: fc.boolean(),
      choice: fc.nat(),
    })
    .map(({ path, pairs: drawn, repeat, choice }): Draft => {
      const pairs = drawn.map(([key, junk, which, useEdge]): [string, string] => {
        const edges = context.edges[key];
        return [key, useEdge && edges && edges.length > 0 ? encode(edges[which % edges.length]!) : junk];
      });
      const all = repeat && pairs.length > 0 ? [...pairs, [pairs[0]![0], 'EUR'] as [string, string]] : pairs;
      const draft: Draft = { kind: 'query', method: route.method, path, query: queryOf(all) };
      if (hasBody) Object.assign(draft, { contentType: 'application/json', payload: samplePayload(context, choice) });
      return draft;
    });

  const rawQuery = fc
    .record({
      path: basePath,
      text: fc.constantFrom(...RAW_QUERIES),
      choice: fc.nat(),
    })
    .map(({ path, text, choice }): Draft => {
      const draft: Draft = { kind: 'rawQuery', method: route.method, path, query: text };
      if (hasBody) Object.assign(draft, { contentType: 'application/json', payload: samplePayload(context, choice) });
      return draft;
    });

  const badPath = fc
    .record({ path: basePath, tail: badPathTail, choice: fc.nat() })
    .map(({ path, tail, choice }): Draft => {
      const draft: Draft = { kind: 'path', method: route.method, path: tail(path), query: '' };
      if (hasBody) Object.assign(draft, { contentType: 'application/json', payload: samplePayload(context, choice) });
      return draft;
    });

  const paramNames = Object.keys(route.params ?? {});
  const param = fc
    .record({ turn: fc.nat(), which: fc.nat(), value: badParam, choice: fc.nat() })
    .map(({ turn, which, value, choice }): Draft => {
      const values = harmlessParams(route, turn);
      if (paramNames.length > 0) values[paramNames[which % paramNames.length]!] = value;
      const draft: Draft = { kind: 'param', method: route.method, path: pathWithParams(route, values), query: '' };
      if (hasBody) Object.assign(draft, { contentType: 'application/json', payload: samplePayload(context, choice) });
      return draft;
    });

  const otherMethods = ALL_METHODS.filter((method) => !context.registeredMethods.has(method) && !(method === 'HEAD' && route.method === 'GET'));
  const method = fc
    .record({ path: basePath, method: fc.constantFrom(...otherMethods), choice: fc.nat(), withBody: fc.boolean() })
    .map(({ path, method: verb, choice, withBody }): Draft => {
      const draft: Draft = { kind: 'method', method: verb, path, query: '' };
      if (withBody && verb !== 'GET' && verb !== 'HEAD') Object.assign(draft, { contentType: 'application/json', payload: samplePayload(context, choice) });
      return draft;
    });

  const bodyOnGet = fc
    .record({ path: basePath, value: junkValue, raw: fc.constantFrom(...NOT_JSON) , useRaw: fc.boolean(), type: fc.constantFrom('application/json', 'text/plain', 'multipart/form-data') })
    .map(({ path, value, raw, useRaw, type }): Draft => ({
      kind: 'bodyOnGet', method: route.method, path, query: '', contentType: type, ...(useRaw ? { rawBody: raw } : { payload: value }),
    }));

  const choices: Array<{ weight: number; arbitrary: fc.Arbitrary<Draft> }> = [];
  if (hasBody) {
    if (fieldCount > 0) choices.push({ weight: 40, arbitrary: fields }, { weight: 8, arbitrary: allFields });
    choices.push(
      { weight: 6, arbitrary: topLevel },
      { weight: 10, arbitrary: notJson },
      { weight: 10, arbitrary: contentType },
      { weight: 6, arbitrary: oversize },
      { weight: 3, arbitrary: query },
      { weight: 2, arbitrary: rawQuery },
    );
  } else {
    choices.push({ weight: context.queryFields.length > 0 ? 45 : 15, arbitrary: query }, { weight: 20, arbitrary: rawQuery }, { weight: 6, arbitrary: bodyOnGet });
  }
  if (paramNames.length > 0) choices.push({ weight: 30, arbitrary: param });
  choices.push({ weight: 5, arbitrary: badPath }, { weight: 5, arbitrary: method });
  return fc.oneof(...choices);
}

/* ------------------------------------------------------------------------------------------------
 * Keeping the fuzz harmless: no request the bank would carry out is sent on purpose.
 * --------------------------------------------------------------------------------------------- */

/** Whether the server's own parser and the route's contract would accept this body as it stands. */
function wouldBeAccepted(schema: z.ZodType, text: string): boolean {
  try {
    parseWith(schema, parseJsonBody(text));
    return true;
  } catch {
    return false;
  }
}

function parsesAsJson(text: string): boolean {
  try {
    parseJsonBody(text);
    return text.trim() !== '';
  } catch {
    return false;
  }
}

/** A content type some parser of the server might take (JSON in any spelling, plain text, or none). */
function mayBeParsed(contentType: string | undefined): boolean {
  return contentType === undefined || /json|text\/plain/i.test(contentType);
}

/** Kinds that the server refuses before any handler runs, whoever sends them. */
function failsBeforeHandler(draft: Draft): boolean {
  switch (draft.kind) {
    case 'notJson':
      return draft.rawBody === undefined || !parsesAsJson(draft.rawBody);
    case 'oversize':
      return true;
    case 'method':
      return draft.method !== 'POST';
    case 'contentType':
      return !mayBeParsed(draft.contentType);
    default:
      return false;
  }
}

/**
 * Makes a draft harmless: a money request always carries an amount no transfer can have; any body
 * that the contract would still accept has every field broken; a sign-out with a live token is
 * sent only in forms that fail before the handler. Answers null for a draft that cannot be made so.
 */
function defuse(draft: Draft, route: RouteSpec, fields: string[][], withLiveToken: boolean): Draft | null {
  if (route.effect === 'session' && withLiveToken && !failsBeforeHandler(draft)) return null;
  if (draft.payload === undefined || !route.body) return draft;
  let payload = draft.payload;
  if (route.effect === 'money' && isRecord(payload)) {
    payload = { ...payload, amount: POISON_AMOUNTS[jsonText(payload).length % POISON_AMOUNTS.length]! };
  }
  // Whatever the content type says: a server that took it as JSON must still refuse it.
  if (route.effect !== 'read' && wouldBeAccepted(route.body, jsonText(payload))) {
    const broken: Record<string, Json> = {};
    for (const field of fields) setAt(broken, field, [[]]);
    payload = broken;
    if (wouldBeAccepted(route.body, jsonText(payload))) return null;
  }
  return { ...draft, payload };
}

function isRecord(value: Json | undefined): value is { [key: string]: Json } {
  return value !== null && value !== undefined && typeof value === 'object' && !Array.isArray(value) && !(value instanceof RawJson);
}

/* ------------------------------------------------------------------------------------------------
 * Credentials: the right token, none, or one that must not open the route.
 * --------------------------------------------------------------------------------------------- */

type Credential = { label: string; authorization?: string };

function wrongCredentials(route: RouteSpec, clientToken: string, operatorToken: string): Credential[] {
  const own = route.caller === 'operator' ? operatorToken : clientToken;
  const list: Credential[] = [
    { label: 'no token' },
    { label: 'empty bearer', authorization: 'Bearer ' },
    { label: 'bearer junk', authorization: 'Bearer not-a-token' },
    { label: 'bearer of 8 kB', authorization: `Bearer ${'A'.repeat(8_000)}` },
    { label: 'token with a character more', authorization: `Bearer ${own}x` },
    { label: 'token cut short', authorization: `Bearer ${own.slice(0, -1)}` },
    { label: 'basic scheme', authorization: `Basic ${Buffer.from('demo@bank.example:DemoBank2024').toString('base64')}` },
    { label: 'another scheme with the token', authorization: `Token ${own}` },
    { label: 'bearer with latin-1 byte', authorization: 'Bearer \u00ff\u00fe' },
  ];
  // A token of the other kind must not open the route; not sent to a sign-out, which it might end.
  if (route.effect !== 'session') {
    list.push({ label: route.caller === 'operator' ? "a client's token" : "an operator's token", authorization: `Bearer ${route.caller === 'operator' ? clientToken : operatorToken}` });
  }
  return list;
}

/* ------------------------------------------------------------------------------------------------
 * Judging answers.
 * --------------------------------------------------------------------------------------------- */

/** Traces of the server's insides that no answer should carry. */
const INTERNALS = new RegExp(
  [
    String.raw`\bat [\w.$<>]+ \(`, String.raw`\/apps\/server\/`, 'node_modules', String.raw`\.[cm]?[jt]s:\d+:\d+`, 'kysely', 'pglite',
    'syntax error at or near', 'duplicate key value', String.raw`violates [\w ]*constraint`, String.raw`relation "\w+"`, 'TypeError', 'RangeError', 'ReferenceError',
  ].join('|'),
  'i',
);

function emptyReport(): FuzzReport {
  return { requests: 0, serverErrors: [], leaks: [] };
}

function secretsIn(body: string, secrets: readonly string[], sent: string): string[] {
  const lowerBody = body.toLowerCase();
  const lowerSent = sent.toLowerCase();
  return secrets.filter((secret) => {
    const lower = secret.toLowerCase();
    return lowerBody.includes(lower) && !lowerSent.includes(lower);
  });
}

/* ------------------------------------------------------------------------------------------------
 * What a client can see of itself, and what another client's data looks like.
 * --------------------------------------------------------------------------------------------- */

interface Reader {
  get<T>(path: string): Promise<{ status: number; body: string; json: T | undefined }>;
}

function reader(baseUrl: string, token: string, agent: http.Agent): Reader {
  return {
    async get<T>(path: string) {
      const answer = await send(baseUrl, { method: 'GET', path, headers: { authorization: `Bearer ${token}` } }, agent);
      let json: T | undefined;
      try {
        json = JSON.parse(answer.body) as T;
      } catch {
        json = undefined;
      }
      return { status: answer.status, body: answer.body, json };
    },
  };
}

interface AccountRow {
  number: string;
  currency: string;
  key: string;
}
interface WalletRow {
  number: string;
  currency: CryptoCurrency;
  key: string;
}

/** A client's own view: its lists as it reads them, and the text of everything it may see. */
interface PartyView {
  accounts: AccountRow[];
  wallets: WalletRow[];
  templates: string[];
  statementCursor: string | null;
  cryptoCursor: string | null;
  personal: string[];
  /** Everything the client's own answers show (its statement as CSV included). */
  seen: string;
}

async function viewOf(baseUrl: string, token: string, agent: http.Agent): Promise<PartyView> {
  const api = reader(baseUrl, token, agent);
  const accounts = await api.get<AccountRow[]>(`${API_PREFIX}/account/list`);
  const wallets = await api.get<WalletRow[]>(`${API_PREFIX}/wallet/list`);
  const me = await api.get<Record<string, unknown>>(`${API_PREFIX}/user/me`);
  const kyc = await api.get<Array<Record<string, unknown>>>(`${API_PREFIX}/kyc/list`);
  const transactions = await api.get(`${API_PREFIX}/transaction/list?limit=1000`);
  const templates = await api.get<Array<{ templateName: string }>>(`${API_PREFIX}/statement/templates`);
  const statement = await api.get<{ cursor: string | null }>(`${API_PREFIX}/statement?limit=1`);
  const csv = await api.get(`${API_PREFIX}/statement?format=csv`);
  const crypto = await cryptoPages(api);
  const personalKeys = ['firstName', 'lastName', 'companyName', 'email', 'phoneNumber', 'address', 'identityCardId', 'taxNumber', 'clientId'];
  const personal = new Set<string>();
  for (const record of [me.json ?? {}, ...(kyc.json ?? [])]) {
    for (const key of personalKeys) {
      const value = record[key];
      if (typeof value === 'string' && value.trim().length >= 4) personal.add(value.trim());
    }
  }
  return {
    accounts: accounts.json ?? [],
    wallets: wallets.json ?? [],
    templates: (templates.json ?? []).map((template) => template.templateName),
    statementCursor: statement.json?.cursor ?? null,
    cryptoCursor: crypto.firstCursor,
    personal: [...personal],
    seen: [accounts.body, wallets.body, me.body, kyc.body, transactions.body, templates.body, csv.body, ...crypto.bodies].join('\n'),
  };
}

async function cryptoPages(api: Reader): Promise<{ bodies: string[]; firstCursor: string | null }> {
  const bodies: string[] = [];
  let cursor: string | null = null;
  let firstCursor: string | null = null;
  for (let page = 0; page < 50; page += 1) {
    const answer: { body: string; json: { nextCursor: string | null } | undefined } = await api.get<{ nextCursor: string | null }>(
      `${API_PREFIX}/crypto-transaction/list?limit=100${cursor ? `&cursor=${encode(cursor)}` : ''}`,
    );
    bodies.push(answer.body);
    cursor = answer.json?.nextCursor ?? null;
    if (page === 0) firstCursor = cursor;
    if (!cursor) break;
  }
  if (firstCursor === null) {
    const small = await api.get<{ nextCursor: string | null }>(`${API_PREFIX}/crypto-transaction/list?limit=1`);
    firstCursor = small.json?.nextCursor ?? null;
  }
  return { bodies, firstCursor };
}

/** The other client's text that `client` has no business seeing (what it already sees of its own is left out). */
function secretsOf(other: FuzzParty, view: PartyView, clientSeen: string): string[] {
  const values = new Set<string>([...other.accountNumbers, ...other.walletAddresses, ...other.transactionNumbers, ...other.kycIds]);
  for (const account of view.accounts) values.add(account.key);
  for (const wallet of view.wallets) values.add(wallet.key);
  for (const value of view.personal) values.add(value);
  for (const name of view.templates) if (name.length >= 6) values.add(name);
  const seen = clientSeen.toLowerCase();
  return [...values].filter((value) => value.length >= 4 && !seen.includes(value.toLowerCase()));
}

/** What a run between two clients starts from. */
interface PairRun {
  /** A connection per request, closed when the run ends. */
  agent: http.Agent;
  report: FuzzReport;
  clientView: PartyView;
  otherView: PartyView;
  /** The other client's text that the calling client must never be shown. */
  secrets: string[];
}

/** Runs `check` with a new report, once the calling client's and the other client's views of the bank are read. */
async function againstOtherClient(baseUrl: string, client: FuzzParty, other: FuzzParty, check: (run: PairRun) => Promise<void>): Promise<FuzzReport> {
  const agent = connectionPerRequest();
  const report = emptyReport();
  try {
    const clientView = await viewOf(baseUrl, client.token, agent);
    const otherView = await viewOf(baseUrl, other.token, agent);
    await check({ agent, report, clientView, otherView, secrets: secretsOf(other, otherView, clientView.seen) });
  } finally {
    agent.destroy();
  }
  return report;
}

/* ------------------------------------------------------------------------------------------------
 * Forged list cursors.
 * --------------------------------------------------------------------------------------------- */

const CURSOR_INSTANTS = [
  '2024-13-45T99:99:99.000000Z', '0000-00-00T00:00:00.000000Z', '9999-12-31T23:59:59.999999Z', '0001-01-01T00:00:00.000000Z',
  '2024-02-30T00:00:00.000000Z', '1970-01-01T00:00:00.000000Z', '2024-02-29T24:00:00.000000Z',
];
const CURSOR_ROW_NUMBERS = ['9999999999999999999', '9223372036854775808', '9223372036854775807', '0', '0000000000000000001'];

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** Paths (by route path) of list calls whose cursor is forged from one the client was given. */
function forgedCursorPaths(view: PartyView): Record<string, string[]> {
  const keys: Array<[string, string]> = [];
  CURSOR_INSTANTS.forEach((at, turn) => keys.push([at, CURSOR_ROW_NUMBERS[turn % CURSOR_ROW_NUMBERS.length]!]));
  CURSOR_ROW_NUMBERS.forEach((id) => keys.push(['2024-06-01T00:00:00.000000Z', id]));

  const crypto = keys.map((key) => `${API_PREFIX}/crypto-transaction/list?limit=1&cursor=${base64url(key)}`);
  crypto.push(`${API_PREFIX}/crypto-transaction/list?limit=1&cursor=${base64url(['2024-06-01T00:00:00.000000Z', '1', 'extra'])}`);

  const statement: string[] = [];
  if (view.statementCursor) {
    let real: Record<string, unknown> | undefined;
    try {
      real = JSON.parse(Buffer.from(view.statementCursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    } catch {
      real = undefined;
    }
    if (real) {
      // The same filters as the cursor was made for (limit=1, defaults), so it is not refused for them.
      const variants: Array<Record<string, unknown>> = [
        ...keys.map((key) => ({ ...real, n: key, o: key })),
        ...keys.map((key) => ({ ...real, o: key })),
        { ...real, p: Number.MAX_SAFE_INTEGER },
        { ...real, t: Number.MAX_SAFE_INTEGER },
        { ...real, t: 0, e: false },
        { ...real, p: 1 },
      ];
      for (const [turn, variant] of variants.entries()) {
        const page = ['2', '1', '3', '1000000000', '100'][turn % 5];
        statement.push(`${API_PREFIX}/statement?limit=1&page=${page}&cursor=${base64url(variant)}`);
      }
    }
  }
  return { '/statement': statement, '/crypto-transaction/list': crypto };
}

/* ------------------------------------------------------------------------------------------------
 * fuzzEveryRoute
 * --------------------------------------------------------------------------------------------- */

/**
 * Sends at least `perRoute` malformed requests to every route of the API (the client's token on
 * client routes, the operator's on back-office routes), and a quarter as many again with no token
 * or a wrong one. Every answer must be a 4xx, or a 2xx where the request happens to be valid; a
 * 5xx or a dropped connection is a server error, and an answer that shows the other client's data,
 * the server's insides, or opens a route without a valid token is a leak. Money routes only ever get
 * amounts that no transfer can carry, so nothing here moves money on purpose.
 */
export async function fuzzEveryRoute(options: {
  baseUrl: string;
  client: FuzzParty;
  other: FuzzParty;
  operatorToken: string;
  perRoute?: number;
  seed?: number;
  /** Requests in flight at once (default 4). */
  concurrency?: number;
  /** Called after each route with how many answers of each status it gave (for a progress line). */
  onRoute?: (route: string, statuses: Record<number, number>) => void;
}): Promise<FuzzReport> {
  assertRouteListComplete();
  const { baseUrl, client, other, operatorToken } = options;
  const perRoute = options.perRoute ?? 200;
  const seed = options.seed ?? 20_241_124;
  const concurrency = options.concurrency ?? 4;
  return againstOtherClient(baseUrl, client, other, async ({ agent, report, clientView, secrets }) => {
    const fallbackWallet = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
    const ids: SampleIds = {
      // Mostly the client's own identifiers, so broken fields are judged past the ownership checks;
      // now and then the other client's, so its identifiers meet every parser too.
      accounts: [...client.accountNumbers, ...client.accountNumbers, ...other.accountNumbers.slice(0, 1)].filter(Boolean),
      wallets: [...client.walletAddresses, ...client.walletAddresses, ...other.walletAddresses.slice(0, 1)].filter(Boolean),
    };
    if (ids.accounts.length === 0) ids.accounts.push(accountNumberFromSerial(9_999_999_990));
    if (ids.wallets.length === 0) ids.wallets.push(fallbackWallet);
    const edges = edgeValues(ids, [strangerAccount(1), strangerAddress('BTC', ids.wallets), strangerAddress('ETH', ids.wallets)]);
    const forged = forgedCursorPaths(clientView);

    for (const [index, route] of ROUTES.entries()) {
      const statuses: Record<number, number> = {};
      const context: RouteContext = {
        route,
        fields: route.body ? fieldPaths(route.body) : [],
        queryFields: route.query ? fieldPaths(route.query).filter((path) => path.length === 1).map((path) => path[0]!) : [],
        ids,
        registeredMethods: new Set(ROUTES.filter((item) => item.path === route.path).map((item) => item.method)),
        edges,
      };
      const own = route.caller === 'client' ? client.token : route.caller === 'operator' ? operatorToken : undefined;
      const drafts = draftsFor(context);
      const probes: Array<{ probe: Probe; credential: Credential; live: boolean }> = [];

      // With the route's own credential: `perRoute` requests, drawn until that many are harmless.
      const owned = fc.sample(drafts, { seed: seed + index * 7_919, numRuns: perRoute * 3 });
      for (const draft of owned) {
        if (probes.length >= perRoute) break;
        const credential: Credential = own ? { label: `${route.caller} token`, authorization: `Bearer ${own}` } : { label: 'no token' };
        const safe = defuse(draft, route, context.fields, own !== undefined);
        if (safe) probes.push({ probe: toProbe(safe, credential), credential, live: own !== undefined });
      }
      // Cursors that pass their own checks but point nowhere real (dates past the calendar, row
      // numbers past bigint), made from the client's own cursors so that they reach the seek.
      for (const path of forged[route.path] ?? []) {
        const credential: Credential = { label: 'client token', authorization: `Bearer ${client.token}` };
        probes.push({ probe: { method: 'GET', path, headers: { authorization: credential.authorization! } }, credential, live: true });
      }
      // Without a valid credential: a quarter as many again (at least 20).
      const wrong = wrongCredentials(route, client.token, operatorToken);
      const unowned = fc.sample(drafts, { seed: seed + index * 7_919 + 1, numRuns: Math.max(20, Math.ceil(perRoute / 4)) });
      unowned.forEach((draft, turn) => {
        const credential = wrong[turn % wrong.length]!;
        const safe = defuse(draft, route, context.fields, false);
        if (safe) probes.push({ probe: toProbe(safe, credential), credential, live: false });
      });

      // Each request from an address of its own (believed when the server trusts the proxy on the
      // loopback, TRUST_PROXY=loopback), so the per-address limits of the sign-in, password and
      // contact routes do not answer most of them with 429 before their bodies are read.
      probes.forEach(({ probe }, turn) => {
        probe.headers['x-forwarded-for'] = `198.18.${(index * 7 + (turn >> 8)) % 256}.${turn % 256}`;
      });

      await inPool(probes, concurrency, async ({ probe, credential, live }) => {
        const answer = await send(baseUrl, probe, agent);
        if (answer.status === -1) return;
        report.requests += 1;
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        judgeFuzzAnswer(report, route, probe, credential, live, answer, secrets);
      });

      await assertSessionsAlive(baseUrl, agent, route, client.token, operatorToken);
      options.onRoute?.(`${route.method} ${API_PREFIX}${route.path}`, statuses);
    }
  });
}

function toProbe(draft: Draft, credential: Credential): Probe {
  const headers: Record<string, string> = {};
  if (credential.authorization !== undefined) headers.authorization = credential.authorization;
  if (draft.idempotencyKey) headers['idempotency-key'] = draft.idempotencyKey;
  let body: Buffer | undefined;
  if (draft.rawBody !== undefined) body = Buffer.from(draft.rawBody, 'utf8');
  else if (draft.payload !== undefined) body = Buffer.from(draft.form ? formText(draft.payload) : jsonText(draft.payload), 'utf8');
  // Past the limit a body is refused unread, whatever it holds, so a cut one tests the same.
  if (body !== undefined && body.length > MAX_BODY_BYTES) body = body.subarray(0, MAX_BODY_BYTES);
  if (body !== undefined) {
    if (draft.contentType !== undefined) headers['content-type'] = draft.contentType;
    if (draft.chunked) headers['transfer-encoding'] = 'chunked';
    else headers['content-length'] = String(body.length);
  }
  return { method: draft.method, path: `${draft.path}${draft.query}`, headers, body };
}

function formText(payload: Json): string {
  if (!isRecord(payload)) return encode(jsonText(payload));
  return Object.entries(payload).map(([key, value]) => `${encode(key)}=${encode(typeof value === 'string' ? value : jsonText(value))}`).join('&');
}

function judgeFuzzAnswer(
  report: FuzzReport,
  route: RouteSpec,
  probe: Probe,
  credential: Credential,
  live: boolean,
  answer: Answer,
  secrets: readonly string[],
): void {
  const where = { method: probe.method, path: clip(probe.path, 300), status: answer.status };
  if (answer.status === 0 || answer.status >= 500) {
    report.serverErrors.push({ ...where, body: clip(answer.body, 2_000), input: describeInput(probe) });
    return;
  }
  const success = answer.status >= 200 && answer.status < 300;
  // Paths outside /api/ (a mangled prefix) are the web app's pages, open to all.
  if (success && !live && route.caller !== 'public' && probe.path.startsWith(`${API_PREFIX}/`)) {
    report.leaks.push({ ...where, detail: `answered ${answer.status} with ${credential.label} on a ${route.caller} route: ${clip(answer.body, 300)}`, input: describeInput(probe) });
  }
  if (!success && INTERNALS.test(answer.body)) {
    report.leaks.push({ ...where, detail: `the answer shows the server's insides: ${clip(answer.body, 500)}`, input: describeInput(probe) });
  }
  // Back-office answers show every client by design; anyone else's must not show the other's data.
  const asOperator = route.caller === 'operator' && live;
  if (!asOperator) {
    const shown = secretsIn(answer.body, secrets, `${probe.path} ${probe.body?.toString('utf8') ?? ''}`);
    if (shown.length > 0) report.leaks.push({ ...where, detail: `shows the other client's ${shown.join(', ')}`, input: describeInput(probe) });
  }
}

/**
 * The fuzz must not have ended a session it relies on; if it did, its later answers mean nothing.
 * A moment of 503 (a database restarting under the fault suite) is waited out.
 */
async function assertSessionsAlive(baseUrl: string, agent: http.Agent, route: RouteSpec, clientToken: string, operatorToken: string): Promise<void> {
  const checks: Array<[string, string]> = [
    [`${API_PREFIX}/user/me`, clientToken],
    [`${API_PREFIX}/backoffice/me`, operatorToken],
  ];
  for (const [path, token] of checks) {
    let answer = await send(baseUrl, { method: 'GET', path, headers: { authorization: `Bearer ${token}` } }, agent);
    for (let attempt = 0; attempt < 20 && (answer.status === 0 || answer.status === 503); attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      answer = await send(baseUrl, { method: 'GET', path, headers: { authorization: `Bearer ${token}` } }, agent);
    }
    if (answer.status !== 200) {
      throw new Error(`After fuzzing ${route.method} ${API_PREFIX}${route.path}, GET ${path} answers ${answer.status} ${clip(answer.body, 300)}: a fuzzed request ended the session`);
    }
  }
}

/* ------------------------------------------------------------------------------------------------
 * crossClientChecks
 * --------------------------------------------------------------------------------------------- */

/** A call of `client` naming the other client's identifier, and the same call naming one that does not exist. */
interface CrossProbe {
  method: 'GET' | 'POST';
  path: string;
  body?: Record<string, unknown>;
  /** Statuses that refuse without telling anything. */
  allowed: readonly number[];
  /** The other client's identifier in the call, and a made-up one of the same kind for the twin call. */
  identifier?: { value: string; stranger: string };
  /** What the check is about, for the report. */
  about: string;
}

const REFUSALS = [400, 403, 404, 422] as const;
/** A search of the client's own rows by some text is a valid request: it may answer 200, showing nothing of the other's. */
const SEARCHES = [200, 400, 404] as const;

/** Addresses of each network that are no wallet of this bank: the twins of the other's wallets. */
const STRANGER_ADDRESSES: Record<'bitcoin' | 'evm' | 'solana', string[]> = {
  bitcoin: ['bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
  evm: ['0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe', '0x52908400098527886E0F7030069857D2E4169EE7'],
  solana: ['Vote111111111111111111111111111111111111111', '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T'],
};

function strangerAddress(currency: CryptoCurrency, own: readonly string[]): string {
  for (const candidate of Object.values(STRANGER_ADDRESSES).flat()) {
    if (isValidCryptoAddress(currency, candidate) && !own.includes(candidate)) return candidate;
  }
  return 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
}

/** An account number in the bank's format that no account has (serials are handed out from 1). */
function strangerAccount(turn: number): string {
  return accountNumberFromSerial(9_900_000_000 + turn);
}

const CRYPTO_AMOUNT = '0.0001';

function kycFields(): Record<string, unknown> {
  return {
    firstName: 'Mallory', lastName: 'Intruder', country: 'IE', city: 'Dublin', postalCode: 'D02', identityCardType: 'passport',
    identityCardId: 'X7654321', address: '1 Main Street', phoneNumber: '+35312345679', sourcesOfWealth: ['salary'], currencies: ['EUR'],
  };
}

function crossProbes(client: PartyView, other: FuzzParty, otherView: PartyView): CrossProbe[] {
  const probes: CrossProbe[] = [];
  let turn = 0;
  const fiat = (currency: string) => (FIAT_CURRENCIES as readonly string[]).includes(currency);
  const ownAccounts = client.accounts.filter((account) => fiat(account.currency));
  const ownNumbers = [...client.accounts.map((account) => account.number), ...client.wallets.map((wallet) => wallet.number)];

  for (const account of otherView.accounts) {
    const stranger = strangerAccount(turn++);
    const identifier = { value: account.number, stranger };
    const same = ownAccounts.find((own) => own.currency === account.currency) ?? ownAccounts[0];
    const different = ownAccounts.find((own) => own.currency !== account.currency);
    const amount = '1.00';
    if (same) {
      probes.push({
        method: 'POST', path: '/transaction/create', allowed: REFUSALS, identifier, about: "internal transfer from the other's account",
        body: { type: 'internal', accNumberFrom: account.number, accNumberTo: same.number, amount, transferCurrency: account.currency, reference: 'cross-client' },
      });
    }
    probes.push({
      method: 'POST', path: '/transaction/create', allowed: REFUSALS, identifier, about: "international transfer from the other's account",
      body: {
        type: 'international', paymentRegions: 'SWIFT', fromAccount: account.number, amount: '100.00', purpose: 'cross-client',
        recipientDetails: {
          fullName: 'Hans Muster', recipientsSwiftBic: 'COBADEFFXXX', recipientsBankCountry: 'DE', recipientsBankAddress: 'Kaiserplatz, Frankfurt',
          recipientsBank: 'Commerzbank', recipientsIban: 'DE89370400440532013000', recipientsAddress: 'Hauptstrasse 1, Berlin', recipientsEmail: 'hans@example.com',
        },
      },
    });
    if (different) {
      probes.push({
        method: 'POST', path: '/transaction/create', allowed: REFUSALS, identifier, about: "exchange out of the other's account",
        body: { type: 'exchange', accNumberFrom: account.number, accNumberTo: different.number, amount, forAmountCurrency: account.currency, getAmountCurrency: different.currency },
      });
      probes.push({
        method: 'POST', path: '/transaction/create', allowed: REFUSALS, identifier, about: "exchange into the other's account",
        body: { type: 'exchange', accNumberFrom: different.number, accNumberTo: account.number, amount, forAmountCurrency: different.currency, getAmountCurrency: account.currency },
      });
    }
    probes.push({ method: 'GET', path: `/transaction/list?accountNumber=${account.number}`, allowed: REFUSALS, identifier, about: "transaction list of the other's account" });
    probes.push({ method: 'GET', path: `/statement?accountNumber=${account.number}`, allowed: REFUSALS, identifier, about: "statement of the other's account" });
    probes.push({ method: 'GET', path: `/statement?accountNumber=${account.number}&format=csv`, allowed: REFUSALS, identifier, about: "statement CSV of the other's account" });
    probes.push({ method: 'GET', path: `/statement/templates?accountNumber=${account.number}`, allowed: REFUSALS, identifier, about: "templates of the other's account" });
  }

  for (const wallet of otherView.wallets) {
    const stranger = strangerAddress(wallet.currency, [...ownNumbers, ...other.walletAddresses]);
    const identifier = { value: wallet.number, stranger };
    const ownWallet = client.wallets.find((own) => own.currency === wallet.currency);
    const recipient = ownWallet?.number ?? strangerAddress(wallet.currency, [...ownNumbers, wallet.number]);
    probes.push({
      method: 'POST', path: '/crypto-transaction/create', allowed: REFUSALS, identifier, about: "crypto transfer from the other's wallet",
      body: { type: 'crypto', fromWallet: wallet.number, recipient, amount: CRYPTO_AMOUNT, currency: wallet.currency, reference: 'cross-client' },
    });
    probes.push({ method: 'GET', path: `/crypto-transaction/list?wallet=${encode(wallet.number)}`, allowed: REFUSALS, identifier, about: "crypto list of the other's wallet" });
    // Conversions between the other's wallet and a side of the client's, both ways.
    const conversion = (about: string, from: { number: string; currency: string }, to: { number: string; currency: string }, amount: string) =>
      probes.push({
        method: 'POST', path: '/transaction/create', allowed: REFUSALS, identifier, about,
        body: { type: 'exchange', accNumberFrom: from.number, accNumberTo: to.number, amount, forAmountCurrency: from.currency, getAmountCurrency: to.currency },
      });
    const account = ownAccounts[0];
    if (account) {
      conversion("conversion out of the other's wallet", wallet, account, CRYPTO_AMOUNT);
      conversion("conversion into the other's wallet", account, wallet, '1.00');
    }
    const otherCoin = client.wallets.find((own) => own.currency !== wallet.currency);
    if (otherCoin) {
      conversion("conversion from the other's wallet into a wallet of the client", wallet, otherCoin, CRYPTO_AMOUNT);
      conversion("conversion from a wallet of the client into the other's wallet", otherCoin, wallet, CRYPTO_AMOUNT);
    }
  }

  for (const kycId of other.kycIds) {
    const identifier = { value: kycId, stranger: randomUUID() };
    probes.push({ method: 'POST', path: '/kyc/delete', allowed: REFUSALS, identifier, about: "deleting the other's KYC record", body: { kycId } });
    probes.push({ method: 'POST', path: '/kyc/update', allowed: REFUSALS, identifier, about: "updating the other's KYC record", body: { ...kycFields(), kycId } });
    probes.push({ method: 'GET', path: `/backoffice/kyc/${kycId}`, allowed: [401], identifier, about: "the other's KYC record through the back office with a client token" });
    probes.push({ method: 'POST', path: `/backoffice/kyc/${kycId}/approve`, allowed: [401], identifier, about: "approving the other's KYC record with a client token" });
  }

  for (const number of other.transactionNumbers) {
    const identifier = { value: number, stranger: `${number.slice(0, -4)}9999` };
    for (const filter of ['purpose', 'recipient', 'templateName']) {
      probes.push({ method: 'GET', path: `/statement?${filter}=${encode(number)}`, allowed: SEARCHES, about: `statement searched by the other's transaction number (${filter})` });
    }
    probes.push({ method: 'GET', path: `/backoffice/transactions/${encode(number)}`, allowed: [401], identifier, about: "the other's transfer through the back office with a client token" });
    probes.push({ method: 'POST', path: `/backoffice/transactions/${encode(number)}/deny`, allowed: [401], identifier, about: "denying the other's transfer with a client token", body: { reason: 'cross-client' } });
  }

  for (const name of otherView.templates) {
    probes.push({ method: 'GET', path: `/statement/templates?templateName=${encode(name)}`, allowed: SEARCHES, about: "templates searched by the other's template name" });
    probes.push({ method: 'GET', path: `/statement/templates?recipient=${encode(name)}`, allowed: SEARCHES, about: "templates searched by the other's template name as recipient" });
    probes.push({ method: 'GET', path: `/statement?templateName=${encode(name)}`, allowed: SEARCHES, about: "statement searched by the other's template name" });
  }

  if (otherView.statementCursor) {
    probes.push({ method: 'GET', path: `/statement?limit=1&page=2&cursor=${encode(otherView.statementCursor)}`, allowed: SEARCHES, about: "the client's statement moved with the other's cursor" });
  }
  if (otherView.cryptoCursor) {
    probes.push({ method: 'GET', path: `/crypto-transaction/list?limit=1&cursor=${encode(otherView.cryptoCursor)}`, allowed: SEARCHES, about: "the client's crypto list moved with the other's cursor" });
  }
  return probes;
}

/** The other client's lists, read by itself, to compare before and after. */
async function listsOf(baseUrl: string, token: string, agent: http.Agent): Promise<Record<string, string>> {
  const api = reader(baseUrl, token, agent);
  const lists: Record<string, string> = {};
  for (const path of ['/account/list', '/wallet/list', '/transaction/list?limit=1000', '/kyc/list', '/statement/templates']) {
    const answer = await api.get(`${API_PREFIX}${path}`);
    lists[`GET ${API_PREFIX}${path}`] = `${answer.status} ${answer.body}`;
  }
  lists[`GET ${API_PREFIX}/crypto-transaction/list`] = (await cryptoPages(api)).bodies.join('\n');
  return lists;
}

/** The made-up twin of an identifier's answer, with the identifiers themselves taken out. */
function sameAnswer(first: Answer, second: Answer, value: string, stranger: string): boolean {
  const normal = (text: string, identifier: string) => text.split(identifier).join('<id>').replace(/"requestId":"[^"]*"/g, '');
  return first.status === second.status && normal(first.body, value) === normal(second.body, stranger);
}

/**
 * `client` calls every route that takes an identifier with `other`'s identifiers (accounts in
 * transfers, exchanges, statements and lists; wallet addresses in crypto transfers, lists and
 * conversions; KYC ids; transaction numbers; template names; list cursors). Each call must be
 * refused (400/403/404/422; 401 on back-office routes) or, for a search of the client's own rows,
 * show nothing of the other's; it must answer exactly as for an identifier that does not exist
 * (no telling whether the other's exists); and afterwards the other's accounts, wallets, transfers,
 * crypto transfers, KYC records and templates read exactly as before.
 */
export async function crossClientChecks(options: {
  baseUrl: string;
  client: FuzzParty;
  other: FuzzParty;
  /** Called with each check's answer (for a progress line). */
  onAnswer?: (about: string, path: string, status: number) => void;
}): Promise<FuzzReport> {
  const { baseUrl, client, other } = options;
  return againstOtherClient(baseUrl, client, other, async ({ agent, report, clientView, otherView, secrets }) => {
    const before = await listsOf(baseUrl, other.token, agent);
    const clientBefore = await listsOf(baseUrl, client.token, agent);

    const call = async (probe: CrossProbe, path: string, body: Record<string, unknown> | undefined): Promise<{ probe: Probe; answer: Answer }> => {
      const headers: Record<string, string> = { authorization: `Bearer ${client.token}` };
      let bytes: Buffer | undefined;
      if (body !== undefined) {
        bytes = Buffer.from(JSON.stringify(body), 'utf8');
        headers['content-type'] = 'application/json';
        headers['content-length'] = String(bytes.length);
        if (probe.method === 'POST') headers['idempotency-key'] = `cross-${randomUUID()}`;
      }
      const sent: Probe = { method: probe.method, path: `${API_PREFIX}${path}`, headers, body: bytes };
      const answer = await send(baseUrl, sent, agent);
      report.requests += 1;
      return { probe: sent, answer };
    };

    for (const probe of crossProbes(clientView, other, otherView)) {
      const { probe: sent, answer } = await call(probe, probe.path, probe.body);
      options.onAnswer?.(probe.about, sent.path, answer.status);
      const where = { method: sent.method, path: sent.path, status: answer.status };
      if (answer.status === 0 || answer.status >= 500) {
        report.serverErrors.push({ ...where, body: clip(answer.body, 2_000), input: describeInput(sent) });
        continue;
      }
      let twin: Answer | undefined;
      if (probe.identifier) {
        const { value, stranger } = probe.identifier;
        const twinPath = probe.path.split(encode(value)).join(encode(stranger)).split(value).join(stranger);
        const twinBody = probe.body === undefined ? undefined : (JSON.parse(JSON.stringify(probe.body).split(value).join(stranger)) as Record<string, unknown>);
        const sentTwin = await call(probe, twinPath, twinBody);
        twin = sentTwin.answer;
        if (twin.status === 0 || twin.status >= 500) {
          report.serverErrors.push({ method: sentTwin.probe.method, path: sentTwin.probe.path, status: twin.status, body: clip(twin.body, 2_000), input: describeInput(sentTwin.probe) });
        } else if (!sameAnswer(answer, twin, value, stranger)) {
          report.leaks.push({
            ...where,
            detail: `${probe.about}: answers differently than for an identifier that does not exist, so it tells that the other's exists (${answer.status} ${clip(answer.body, 200)} vs ${twin.status} ${clip(twin.body, 200)})`,
            input: describeInput(sent),
          });
        }
      }
      if (!probe.allowed.includes(answer.status)) {
        const alike = twin && probe.identifier && sameAnswer(answer, twin, probe.identifier.value, probe.identifier.stranger)
          ? ' (the same answer as for one that does not exist)'
          : '';
        report.leaks.push({ ...where, detail: `${probe.about}: answered ${answer.status}${alike}, expected ${probe.allowed.join('/')}: ${clip(answer.body, 300)}`, input: describeInput(sent) });
      }
      const shown = secretsIn(answer.body, secrets, `${sent.path} ${sent.body?.toString('utf8') ?? ''}`);
      if (shown.length > 0) report.leaks.push({ ...where, detail: `${probe.about}: the answer shows the other client's ${shown.join(', ')}`, input: describeInput(sent) });
    }

    const after = await listsOf(baseUrl, other.token, agent);
    for (const [path, text] of Object.entries(before)) {
      if (after[path] !== text) {
        report.leaks.push({ method: 'GET', path, status: 200, detail: `the other client's list changed during the checks: before ${clip(text, 600)} after ${clip(after[path] ?? '', 600)}` });
      }
    }
    const clientAfter = await listsOf(baseUrl, client.token, agent);
    for (const [path, text] of Object.entries(clientBefore)) {
      if (clientAfter[path] !== text) {
        report.leaks.push({ method: 'GET', path, status: 200, detail: `the calling client's own list changed during the checks: before ${clip(text, 600)} after ${clip(clientAfter[path] ?? '', 600)}` });
      }
    }
  });
}

/** Both reports as one. */
export function mergeReports(...reports: FuzzReport[]): FuzzReport {
  return {
    requests: reports.reduce((sum, report) => sum + report.requests, 0),
    serverErrors: reports.flatMap((report) => report.serverErrors),
    leaks: reports.flatMap((report) => report.leaks),
  };
}
