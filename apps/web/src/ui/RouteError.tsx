import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** docs/product.md#errors-and-messages: a route error shows 'Unexpected Application Error!'. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const chunkFailed = error instanceof Error && error.name === 'ChunkLoadError';
  return (
    <main className="status-page" role="alert">
      <div>
        <h1>{t('routeError.title')}</h1>
        <p>{chunkFailed ? t('routeError.chunk') : t('routeError.text')}</p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </button>
      </div>
    </main>
  );
}
