import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { usePageTitle } from '../../ui/usePageTitle';
import { Block, CallToAction, Hero, NumberedCards, Section, usePublicFigures } from './blocks';
import { ABOUT_CARDS, ABOUT_OFFERINGS } from './content';

/** About (docs/product.md#screens-and-routes): hero, three offering paragraphs, three numbered cards, a quote, open-account buttons. */
export function Component() {
  const { t } = useTranslation('public');
  const figures = usePublicFigures();
  usePageTitle('about.title', 'public');
  return (
    <>
      <Hero
        eyebrow={t('about.hero.eyebrow')}
        title={t('about.hero.title')}
        text={t('about.hero.text')}
        actions={
          <Link className="button button--accent" to={paths.register}>
            {t('actions.openAccount')}
          </Link>
        }
      />

      <Section title={t('about.offerings.title')}>
        {() => (
          <div className="grid grid--3">
            {ABOUT_OFFERINGS.map((offering) => (
              <div key={offering} className="offering">
                <h3 className="offering__title">{t(`about.offerings.${offering}.title`)}</h3>
                <p>{t(`about.offerings.${offering}.text`, figures)}</p>
              </div>
            ))}
          </div>
        )}
      </Section>

      <Section tone="alt" title={t('about.cards.title')}>
        {() => (
          <NumberedCards items={ABOUT_CARDS} columns={3} title={(card) => t(`about.cards.${card}.title`)} text={(card) => t(`about.cards.${card}.text`)} />
        )}
      </Section>

      <Block>
        {() => (
          <section className="section quote-section" aria-label={t('about.quote.label')}>
            <div className="container">
              <figure className="quote">
                <blockquote>
                  <p>{t('about.quote.text')}</p>
                </blockquote>
                <figcaption>{t('about.quote.author')}</figcaption>
              </figure>
            </div>
          </section>
        )}
      </Block>

      <Block>
        {() => (
          <CallToAction title={t('about.cta.title')} text={t('about.cta.text')}>
            <Link className="button button--accent" to={paths.register}>
              {t('about.cta.personal')}
            </Link>
            <Link className="button button--ghost" to={paths.register}>
              {t('about.cta.corporate')}
            </Link>
          </CallToAction>
        )}
      </Block>
    </>
  );
}
