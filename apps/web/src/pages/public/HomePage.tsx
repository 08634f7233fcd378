import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { ContactForm } from '../../features/contact/ContactForm';
import { usePageTitle } from '../../ui/usePageTitle';
import { Block, Hero, NumberedCards, Section, usePublicFigures } from './blocks';
import { HOME_FACTS, HOME_SERVICES, HOME_STEPS } from './content';
import { Icon } from './icons';

/** Home (docs/product.md#screens-and-routes): marketing sections and the short contact form at #contact-form. */
export function Component() {
  const { t } = useTranslation('public');
  const figures = usePublicFigures();
  usePageTitle('home.title', 'public');
  return (
    <>
      <Hero
        eyebrow={t('home.hero.eyebrow')}
        title={t('home.hero.title')}
        text={t('home.hero.text', figures)}
        actions={
          <>
            <Link className="button button--accent" to={paths.register}>
              {t('actions.openAccount')}
            </Link>
            <Link className="button button--ghost" to="#contact-form">
              {t('home.hero.consultation')}
            </Link>
          </>
        }
      />

      <Block>
        {() => (
          <section className="facts" aria-label={t('home.facts.label')}>
            <dl className="container facts__list">
              {HOME_FACTS.map((fact) => (
                <div key={fact} className="facts__item">
                  <dt className="facts__label">{t(`home.facts.${fact}.label`)}</dt>
                  <dd className="facts__value">{t(`home.facts.${fact}.value`, figures)}</dd>
                </div>
              ))}
            </dl>
          </section>
        )}
      </Block>

      <Section title={t('home.services.title')} intro={<p>{t('home.services.intro')}</p>}>
        {() => (
          <ul className="grid grid--3 link-cards">
            {HOME_SERVICES.map((service) => (
              <li key={service.key}>
                <Link className="link-card" to={service.to}>
                  <h3 className="link-card__title">{t(`home.services.items.${service.key}.title`)}</h3>
                  <p className="link-card__text">{t(`home.services.items.${service.key}.text`, figures)}</p>
                  <span className="link-card__more" aria-hidden="true">
                    {t('actions.learnMore')}
                    <Icon name="arrowRight" size={16} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section tone="alt" title={t('home.steps.title')}>
        {() => (
          <NumberedCards items={HOME_STEPS} columns={4} title={(step) => t(`home.steps.items.${step}.title`)} text={(step) => t(`home.steps.items.${step}.text`)} />
        )}
      </Section>

      <Block>
        {() => (
          <section id="contact-form" className="section contact-band" aria-labelledby="home-contact-title">
            <div className="container contact-band__inner">
              <div className="contact-band__intro">
                <h2 id="home-contact-title" className="section__title">
                  {t('home.contact.title')}
                </h2>
                <p>{t('home.contact.text')}</p>
              </div>
              <ContactForm variant="home" labelledBy="home-contact-title" />
            </div>
          </section>
        )}
      </Block>
    </>
  );
}
