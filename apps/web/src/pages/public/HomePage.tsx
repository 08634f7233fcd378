import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../ui/usePageTitle';

export function Component() {
  const { t } = useTranslation('public');
  usePageTitle('home.title', 'public');
  return (
    <section className="container">
      <h1>{t('home.heading')}</h1>
    </section>
  );
}
