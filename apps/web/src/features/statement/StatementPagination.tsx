import { useTranslation } from 'react-i18next';

/** Pages linked on each side of the current one (on a phone, only the nearest: statement.css). */
const NEIGHBOURS = 2;

/**
 * Page controls: first, previous, the pages around the current one, next and last. When the
 * server stopped counting (a very long statement), the count reads "more than" and there is no
 * last-page link; next keeps going page by page.
 */
export function StatementPagination({
  page,
  totalPages,
  totalExact,
  hasNext,
  busy,
  onPage,
}: {
  page: number;
  totalPages: number;
  totalExact: boolean;
  hasNext: boolean;
  busy: boolean;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('statement');
  const last = totalExact ? totalPages : Math.max(totalPages, page);
  const numbers: number[] = [];
  for (let candidate = Math.max(1, page - NEIGHBOURS); candidate <= Math.min(last, page + NEIGHBOURS); candidate += 1) numbers.push(candidate);
  const pageLabel = totalExact ? t('pages.pageOf', { page, total: totalPages }) : t('pages.pageOfMore', { page, total: totalPages });
  return (
    <nav className="statement-pages row-spread" aria-label={t('pages.label')}>
      <p className="statement-pages__where" aria-live="polite">
        {pageLabel}
      </p>
      <ul>
        <li>
          <button type="button" className="statement-pages__button" disabled={busy || page === 1} onClick={() => onPage(1)} aria-label={t('pages.first')}>
            «
          </button>
        </li>
        <li>
          <button type="button" className="statement-pages__button" disabled={busy || page === 1} onClick={() => onPage(page - 1)} aria-label={t('pages.previous')}>
            ‹
          </button>
        </li>
        {numbers.map((number) => (
          <li key={number} className={Math.abs(number - page) > 1 ? 'statement-pages__far' : undefined}>
            <button
              type="button"
              className="statement-pages__button"
              aria-current={number === page ? 'page' : undefined}
              aria-label={t('pages.page', { page: number })}
              disabled={busy && number !== page}
              onClick={() => number !== page && onPage(number)}
            >
              {number}
            </button>
          </li>
        ))}
        <li>
          <button type="button" className="statement-pages__button" disabled={busy || !hasNext} onClick={() => onPage(page + 1)} aria-label={t('pages.next')}>
            ›
          </button>
        </li>
        {totalExact ? (
          <li>
            <button type="button" className="statement-pages__button" disabled={busy || page === totalPages} onClick={() => onPage(totalPages)} aria-label={t('pages.last')}>
              »
            </button>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
