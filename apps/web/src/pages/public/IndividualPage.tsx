import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../ui/usePageTitle';

export function Component() {
  const { t } = useTranslation('public');
  usePageTitle('individual.title', 'public');
  return (
    <section className="container">
      <h1>{t('individual.title')}</h1>
    </section>
  );
}
