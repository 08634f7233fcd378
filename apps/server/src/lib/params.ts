import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path parameter that names a row by its UUID; anything else cannot exist, so it is a 404, never a database error. */
export function uuidParam(request: FastifyRequest, name: string): string {
  const value = (request.params as Record<string, string | undefined>)[name];
  if (!value || !UUID.test(value)) throw new AppError('NOT_FOUND');
  return value.toLowerCase();
}

/** A path parameter of printable text of bounded length (a transaction number). */
export function textParam(request: FastifyRequest, name: string, maxLength = 64): string {
  const value = (request.params as Record<string, string | undefined>)[name];
  if (!value || value.length > maxLength || !/^[\w.-]+$/.test(value)) throw new AppError('NOT_FOUND');
  return value;
}
