import { useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeadContext } from './pageHead';

/** Sets the document title to the translated page title; follows language changes. */
export function usePageTitle(titleKey: string, namespace = 'common'): void {
  const { t, i18n } = useTranslation(['common', namespace]);
  const title = t(titleKey, { ns: namespace });
  const brand = t('brand.name', { ns: 'common' });
  const documentTitle = title === brand ? brand : `${title} · ${brand}`;
  const head = useContext(PageHeadContext);
  // Pre-rendering only: the page's title goes into the static page's head (no effects run there).
  if (head) head.title = documentTitle;
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle, i18n.language]);
}
