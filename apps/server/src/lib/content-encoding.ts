/** The encodings the server keeps pages in, best first. */
export type ContentEncoding = 'br' | 'gzip' | 'identity';

/**
 * The best encoding an Accept-Encoding header allows: brotli, then gzip, else none. An encoding
 * with q=0 is refused, `*` stands for any encoding not named.
 */
export function preferredEncoding(header: string | undefined): ContentEncoding {
  const quality = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith('q='));
    const value = q === undefined ? 1 : Number(q.slice(2));
    quality.set(name, Number.isFinite(value) ? value : 0);
  }
  const accepts = (name: string) => (quality.get(name) ?? quality.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return 'identity';
}
