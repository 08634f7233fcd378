import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../ui/usePageTitle';

export function Component() {
  const { t } = useTranslation('common');
  usePageTitle('screens.resetPassword');
  return (
    <main className="container">
      <h1>{t('screens.resetPassword')}</h1>
    </main>
  );
}
