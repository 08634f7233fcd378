import type { FastifyInstance } from 'fastify';
import { isSafeNumber, parse as parseLossless } from 'lossless-json';
import secureJson from 'secure-json-parse';
import { refuseControlCharacters } from './errors';

/**
 * JSON bodies parsed without losing a digit. JSON.parse reads `1.0000000000000001` as 1 and
 * `100000000000000.01` as …0.02, so an amount would be validated (and booked) as something the
 * client never sent. Here a number that a JavaScript number holds exactly stays a number; any
 * other becomes the exact text the client sent, which the amount schemas read as a decimal and
 * every number-only field refuses as a 400. A number in exponent form (1e3, 1E-2) also stays its
 * text: as a number it would reach the amount schema as 1000 or 0.01, indistinguishable from a plain
 * one, while the schema refuses exponents sent as strings; so both forms get the same 400. One
 * parser, for every route.
 */
const EXPONENT = /[eE]/;

export function parseJsonBody(text: string): unknown {
  const value = parseLossless(text, null, (digits: string) => (!EXPONENT.test(digits) && isSafeNumber(digits) ? Number(digits) : digits));
  // The protection Fastify's own parser gives: a body with __proto__ or constructor.prototype keys
  // is refused, so no later merge of it can reach Object.prototype.
  if (value !== null && typeof value === 'object') secureJson.scan(value, { protoAction: 'error', constructorAction: 'error' });
  return value;
}

/** Replaces Fastify's JSON parser; as with its own, an empty or malformed body is a 400. */
export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    let value: unknown;
    try {
      value = parseJsonBody(String(body));
    } catch {
      const error = Object.assign(new Error('Body is not valid JSON'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' });
      done(error, undefined);
      return;
    }
    // parseWith applies the text rule again; here it also covers a route that reads its body before
    // (or without) a schema, so no lone surrogate or control character reaches a hash, a log or a row.
    try {
      refuseControlCharacters(value);
    } catch (error) {
      done(error as Error, undefined);
      return;
    }
    done(null, value);
  });
}
