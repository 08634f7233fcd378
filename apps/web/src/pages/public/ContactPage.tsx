import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../ui/usePageTitle';

export function Component() {
  const { t } = useTranslation('public');
  usePageTitle('contact.title', 'public');
  return (
    <section className="container">
      <h1>{t('contact.title')}</h1>
    </section>
  );
}
