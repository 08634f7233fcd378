import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../ui/usePageTitle';
import { Hero, Section, usePublicFigures } from './blocks';
import { TARIFF_LINES, type TariffAmount } from './content';
import type { PublicFigures } from './figures';
import { TariffsSlider } from './TariffsSlider';

/** Tariffs (docs/product.md#screens-and-routes): the services slider, then the 23 fee lines (name and amount). */
export function Component() {
  const { t } = useTranslation('public');
  const figures = usePublicFigures();
  usePageTitle('tariffs.title', 'public');

  const amountText = (amount: TariffAmount, values: PublicFigures): string => {
    switch (amount.kind) {
      case 'free':
        return t('tariffs.table.free');
      case 'setByBank':
        return t('tariffs.table.setByBank');
      case 'figure':
        return String(values[amount.figure]);
      case 'perMonth':
        return t('tariffs.table.perMonth', { amount: values[amount.figure] });
      case 'upTo':
        return t('tariffs.table.upTo', { rate: values[amount.figure] });
      case 'transferRate':
        return t('tariffs.table.transferRate', values);
    }
  };

  return (
    <>
      <Hero title={t('tariffs.hero.title')} text={t('tariffs.hero.text')} />

      <Section title={t('tariffs.slider.title')} intro={<p>{t('tariffs.slider.intro')}</p>}>
        {() => (
          <TariffsSlider />
        )}
      </Section>

      <Section tone="alt" title={t('tariffs.table.title')} intro={<p>{t('tariffs.table.intro')}</p>}>
        {() => (
          <>
            <div className="table-wrap">
              <table className="tariff-table">
                <caption className="visually-hidden">{t('tariffs.table.caption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('tariffs.table.service')}</th>
                    <th scope="col">{t('tariffs.table.amount')}</th>
                  </tr>
                </thead>
                <tbody>
                  {TARIFF_LINES.map((line) => (
                    <tr key={line.key}>
                      <th scope="row">{t(`tariffs.lines.${line.key}`)}</th>
                      <td>{amountText(line.amount, figures)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p className="note">{t('tariffs.table.note')}</p>
          </>
        )}
      </Section>
    </>
  );
}
