import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../ui/usePageTitle';

export function Component() {
  const { t } = useTranslation('common');
  usePageTitle('screens.register');
  return (
    <main className="container">
      <h1>{t('screens.register')}</h1>
    </main>
  );
}
