// Imported by file: the package index would bring every schema into the page's chunk.
import type { StatementVerification } from '@bank/contracts/statement/verify';
import { ApiError, apiRequest } from '../../../lib/api';

/** GET /api/statement/verify/:code (public): what the bank issued under a code, and whether it is genuine. */
export function verifyByCode(code: string, signal?: AbortSignal): Promise<StatementVerification> {
  return apiRequest<StatementVerification>('GET', `statement/verify/${encodeURIComponent(code)}`, { signal });
}

/** POST /api/statement/verify (public) with the PDF itself as the body. */
export async function verifyByFile(file: File): Promise<StatementVerification> {
  let response: Response;
  try {
    response = await fetch(new URL('/api/statement/verify', window.location.origin), {
      method: 'POST',
      headers: { 'content-type': 'application/pdf', accept: 'application/json' },
      body: file,
    });
  } catch {
    throw new ApiError(0, null);
  }
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, data as ApiError['body']);
  return data as StatementVerification;
}
