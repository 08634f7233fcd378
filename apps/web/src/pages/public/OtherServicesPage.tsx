import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { otherServicesAnchors, paths } from '../../app/paths';
import { usePageTitle } from '../../ui/usePageTitle';
import { Card, Checklist, Hero, NumberedCards, Section, usePublicFigures } from './blocks';
import { CardSchemeStrip } from './CardSchemeStrip';
import { ACQUIRING_CARDS, CHEQUE_CARDS, DEPOSIT_ADVANTAGES, DEPOSIT_TERMS, FX_OFFERS, METAL_CARDS } from './content';

/**
 * Other services (docs/product.md#screens-and-routes): the deposit hero and its advantages, cheques and acquiring (five cards and
 * the card-scheme strip), precious metals (three cards) and the FX block of seven offers; each
 * section is an anchor of the header and footer links.
 */
export function Component() {
  const { t } = useTranslation('public');
  const figures = usePublicFigures();
  usePageTitle('otherServices.title', 'public');
  return (
    <>
      <Hero
        id={otherServicesAnchors.deposit}
        eyebrow={t('otherServices.hero.eyebrow')}
        title={t('otherServices.deposit.title', figures)}
        text={t('otherServices.deposit.text', figures)}
        actions={
          <Link className="button button--accent" to={paths.contact}>
            {t('otherServices.deposit.ask')}
          </Link>
        }
      />

      <Section title={t('otherServices.deposit.advantages.title')}>
        {() => (
          <div className="split split--top">
            <div>
              <dl className="terms">
                {DEPOSIT_TERMS.map((term) => (
                  <div key={term} className="terms__item">
                    <dt>{t(`otherServices.deposit.terms.${term}.label`)}</dt>
                    <dd>{t(`otherServices.deposit.terms.${term}.value`, figures)}</dd>
                  </div>
                ))}
              </dl>
              <Checklist points={DEPOSIT_ADVANTAGES} text={(advantage) => t(`otherServices.deposit.advantages.${advantage}`, figures)} />
            </div>
            <div className="table-wrap">
              <table className="rates-table">
                <caption>{t('otherServices.deposit.rates.caption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('otherServices.deposit.rates.currency')}</th>
                    <th scope="col">{t('otherServices.deposit.rates.withHistory')}</th>
                    <th scope="col">{t('otherServices.deposit.rates.withoutHistory')}</th>
                  </tr>
                </thead>
                <tbody>
                  <tr>
                    <th scope="row">EUR</th>
                    <td>{figures.depositRateEurWithHistory}</td>
                    <td>{figures.depositRateEurWithoutHistory}</td>
                  </tr>
                  <tr>
                    <th scope="row">USD</th>
                    <td>{figures.depositRateUsdWithHistory}</td>
                    <td>{figures.depositRateUsdWithoutHistory}</td>
                  </tr>
                </tbody>
              </table>
              <p className="note">{t('otherServices.deposit.rates.note', figures)}</p>
            </div>
          </div>
        )}
      </Section>

      <Section id={otherServicesAnchors.cheques} tone="alt" title={t('otherServices.cheques.title')} intro={<p>{t('otherServices.cheques.intro')}</p>}>
        {() => (
          <div className="grid grid--2">
            {CHEQUE_CARDS.map((card) => (
              <Card key={card} title={t(`otherServices.cheques.cards.${card}.title`)}>
                <p>{t(`otherServices.cheques.cards.${card}.text`, figures)}</p>
              </Card>
            ))}
          </div>
        )}
      </Section>

      <Section id={otherServicesAnchors.acquiring} title={t('otherServices.acquiring.title')} intro={<p>{t('otherServices.acquiring.intro')}</p>}>
        {() => (
          <>
            <div className="grid grid--3">
              {ACQUIRING_CARDS.map((card) => (
                <Card key={card} title={t(`otherServices.acquiring.cards.${card}.title`)}>
                  <p>{t(`otherServices.acquiring.cards.${card}.text`)}</p>
                </Card>
              ))}
            </div>
            <CardSchemeStrip />
          </>
        )}
      </Section>

      <Section id={otherServicesAnchors.metals} tone="alt" title={t('otherServices.metals.title')} intro={<p>{t('otherServices.metals.intro')}</p>}>
        {() => (
          <div className="grid grid--3">
            {METAL_CARDS.map((card) => (
              <Card key={card} title={t(`otherServices.metals.cards.${card}.title`, figures)}>
                <p>{t(`otherServices.metals.cards.${card}.text`, figures)}</p>
              </Card>
            ))}
          </div>
        )}
      </Section>

      <Section id={otherServicesAnchors.fx} title={t('otherServices.fx.title')} intro={<p>{t('otherServices.fx.intro')}</p>}>
        {() => (
          <>
            <NumberedCards
              items={FX_OFFERS}
              columns={4}
              title={(offer) => t(`otherServices.fx.offers.${offer}.title`, figures)}
              text={(offer) => t(`otherServices.fx.offers.${offer}.text`, figures)}
            />
            <div className="section__actions">
              <Link className="button" to={paths.contact}>
                {t('otherServices.fx.action')}
              </Link>
            </div>
          </>
        )}
      </Section>
    </>
  );
}
