import { PageLoader } from './PageLoader';

/**
 * What a list shows before its items: the loader while it loads, the failure with a retry, or the
 * empty text when there is nothing (then the caller draws the items), the same on every list
 * (theme.css, `.load-states__…`).
 */
export function LoadStates({
  load,
  onRetry,
  texts,
}: {
  load: { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; data: readonly unknown[] };
  onRetry: () => void;
  texts: { failed: string; retry: string; empty: string };
}) {
  if (load.kind === 'loading') return <PageLoader />;
  if (load.kind === 'failed') {
    return (
      <div className="load-states__failed" role="alert">
        <p>{texts.failed}</p>
        <button type="button" className="button button--secondary" onClick={onRetry}>
          {texts.retry}
        </button>
      </div>
    );
  }
  return load.data.length === 0 ? <p className="load-states__empty">{texts.empty}</p> : null;
}
