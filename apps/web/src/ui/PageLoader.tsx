/** Shown while a lazy screen or the persisted state loads; no text so it needs no translation. */
export function PageLoader() {
  return <div className="page-loader" role="progressbar" aria-busy="true" aria-label="…" />;
}
