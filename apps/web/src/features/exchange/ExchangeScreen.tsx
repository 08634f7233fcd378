import { useTranslation } from 'react-i18next';

/** SPEC §2 Exchange screen: selling the money of one account for another currency. */
export function ExchangeScreen() {
  const { t } = useTranslation('exchange');
  return (
    <section aria-labelledby="exchange-ExchangeScreen-heading">
      <h1 id="exchange-ExchangeScreen-heading" className="screen-heading">
        {t('screen.title')}
      </h1>
      <p className="screen-lead">{t('screen.lead')}</p>
    </section>
  );
}
