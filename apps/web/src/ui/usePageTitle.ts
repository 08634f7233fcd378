import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the document title to the translated page title; follows language changes. */
export function usePageTitle(titleKey: string, namespace = 'common'): void {
  const { t, i18n } = useTranslation(['common', namespace]);
  const title = t(titleKey, { ns: namespace });
  const brand = t('brand.name', { ns: 'common' });
  useEffect(() => {
    document.title = title === brand ? brand : `${title} · ${brand}`;
  }, [title, brand, i18n.language]);
}
