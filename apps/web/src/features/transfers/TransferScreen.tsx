import { useTranslation } from 'react-i18next';

/** SPEC §2 Transfer screen: bank (international) and internal transfers. */
export function TransferScreen() {
  const { t } = useTranslation('transfers');
  return (
    <section aria-labelledby="transfers-TransferScreen-heading">
      <h1 id="transfers-TransferScreen-heading" className="screen-heading">
        {t('screen.title')}
      </h1>
      <p className="screen-lead">{t('screen.lead')}</p>
    </section>
  );
}
