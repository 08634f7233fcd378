import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { usePageTitle } from '../../ui/usePageTitle';
import { Block, CallToAction, Hero, NumberedCard, Section, usePublicFigures } from './blocks';
import { ABOUT_CARDS, ABOUT_OFFERINGS, itemNumber } from './content';

/** SPEC §2 about: hero, three offering paragraphs, three numbered cards, a quote, open-account buttons. */
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
          <ol className="grid grid--3 plain-list">
            {ABOUT_CARDS.map((card, index) => (
              <li key={card}>
                <NumberedCard number={itemNumber(index)} title={t(`about.cards.${card}.title`)}>
                  <p>{t(`about.cards.${card}.text`)}</p>
                </NumberedCard>
              </li>
            ))}
          </ol>
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
