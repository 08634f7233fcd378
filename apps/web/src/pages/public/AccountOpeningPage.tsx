import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { usePageTitle } from '../../ui/usePageTitle';
import { Block, CallToAction, Hero, Section, usePublicFigures } from './blocks';
import { ACCOUNT_OPTION_KEYS } from './content';
import { Icon } from './icons';

/**
 * Corporate and individual client pages (docs/product.md#screens-and-routes): a hero, the account-opening explanation with two
 * cards, the list of required documents and an open-account button. `audience` picks the texts.
 */
export function AccountOpeningPage({ audience, documents }: { audience: 'corporate' | 'individual'; documents: readonly string[] }) {
  const { t } = useTranslation('public');
  const figures = usePublicFigures();
  usePageTitle(`${audience}.title`, 'public');
  const openAccount = (
    <Link className="button button--accent" to={paths.register}>
      {t('actions.openAccount')}
    </Link>
  );
  return (
    <>
      <Hero eyebrow={t(`${audience}.hero.eyebrow`)} title={t(`${audience}.hero.title`)} text={t(`${audience}.hero.text`, figures)} actions={openAccount} />

      <Section title={t(`${audience}.opening.title`)} intro={<p>{t(`${audience}.opening.text`, figures)}</p>}>
        {() => (
          <div className="grid grid--2">
            {ACCOUNT_OPTION_KEYS.map((option) => (
              <article key={option} className="card card--option">
                <h3 className="card__title">{t(`${audience}.opening.${option}.title`)}</h3>
                <p className="card__term">{t(`${audience}.opening.${option}.term`, figures)}</p>
                <p className="card__text">{t(`${audience}.opening.${option}.text`, figures)}</p>
              </article>
            ))}
          </div>
        )}
      </Section>

      <Section tone="alt" title={t(`${audience}.documents.title`)} intro={<p>{t(`${audience}.documents.intro`)}</p>}>
        {() => (
          <ol className="documents">
            {documents.map((document) => (
              <li key={document} className="documents__item">
                <Icon name="check" className="documents__icon" />
                <span>{t(`${audience}.documents.items.${document}`)}</span>
              </li>
            ))}
          </ol>
        )}
      </Section>

      <Block>
        {() => (
          <CallToAction title={t(`${audience}.cta.title`)} text={t(`${audience}.cta.text`, figures)}>
            {openAccount}
          </CallToAction>
        )}
      </Block>
    </>
  );
}
