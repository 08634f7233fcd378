import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from './usePageTitle';

/** docs/product.md#screens-and-routes: any unknown path shows '404 - Page Not Found'. */
export function NotFound() {
  const { t } = useTranslation();
  usePageTitle('notFound.title');
  return (
    <main className="status-page">
      <div>
        <h1>{t('notFound.title')}</h1>
        <p>{t('notFound.text')}</p>
        <Link className="button" to="/">
          {t('notFound.home')}
        </Link>
      </div>
    </main>
  );
}

export const Component = NotFound;
