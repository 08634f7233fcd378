import i18next from './i18n';

/** docs/product.md#tariffs-and-limits: a lazy chunk that does not arrive within 120 s fails with ChunkLoadError. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  constructor() {
    super('Loading chunk failed');
  }
}

/** Wraps a dynamic import with the chunk time-out; any failure becomes ChunkLoadError. */
export function loadChunk<T>(importer: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError()), timeoutMs);
    importer().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      () => {
        clearTimeout(timer);
        reject(new ChunkLoadError());
      },
    );
  });
}

/**
 * A chunk with the text namespaces its screen uses, loaded together: a namespace first asked for
 * by a part that renders later (a statement's rows, say) would suspend the screen then, taking its
 * fields, and what is being typed into them, off the page for a moment.
 */
export function loadChunkWithTexts<T>(importer: () => Promise<T>, namespaces: readonly string[]): Promise<T> {
  return Promise.all([loadChunk(importer), i18next.loadNamespaces([...namespaces])]).then(([module]) => module);
}
