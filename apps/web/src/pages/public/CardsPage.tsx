import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { usePageTitle } from '../../ui/usePageTitle';
import { Checklist, Hero, Section, usePublicFigures } from './blocks';
import { CARD_FACTS, CARD_FEATURES } from './content';
import type { PublicFigures } from './figures';

type CardKind = keyof typeof CARD_FEATURES;

/** Payment cards (docs/product.md#screens-and-routes): order-card button to /contact, the virtual and the physical card. */
export function Component() {
  const { t } = useTranslation('public');
  const figures = usePublicFigures();
  usePageTitle('cards.title', 'public');
  const orderCard = (
    <Link className="button button--accent" to={paths.contact}>
      {t('cards.order')}
    </Link>
  );

  const factValue = (fact: (typeof CARD_FACTS)[number], values: PublicFigures): string => {
    switch (fact) {
      case 'paymentSystem':
        return values.cardPaymentSystem;
      case 'currency':
        return values.cardCurrency;
      case 'validity':
        return t('cards.facts.years', { count: values.cardValidityYears });
      case 'service':
        return t('cards.facts.free');
    }
  };

  return (
    <>
      <Hero eyebrow={t('cards.hero.eyebrow')} title={t('cards.hero.title', figures)} text={t('cards.hero.text', figures)} actions={orderCard} />
      <Section title={t('cards.section.title')} intro={<p>{t('cards.section.intro', figures)}</p>}>
        {() => (
          <div className="grid grid--2">
            {(Object.keys(CARD_FEATURES) as CardKind[]).map((kind) => (
              <article key={kind} className="payment-card" aria-labelledby={`card-${kind}-title`}>
                <PaymentCardArt kind={kind} />
                <h3 id={`card-${kind}-title`} className="payment-card__title">
                  {t(`cards.${kind}.title`)}
                </h3>
                <p>{t(`cards.${kind}.text`, figures)}</p>
                <Checklist points={CARD_FEATURES[kind]} text={(feature) => t(`cards.${kind}.features.${feature}`)} />
                <dl className="card-facts">
                  {CARD_FACTS.map((fact) => (
                    <div key={fact} className="card-facts__item">
                      <dt>{t(`cards.facts.${fact}`)}</dt>
                      <dd>{factValue(fact, figures)}</dd>
                    </div>
                  ))}
                </dl>
                {orderCard}
              </article>
            ))}
          </div>
        )}
      </Section>
    </>
  );
}

/** Decorative drawing of the card: navy for the physical one, gold for the virtual one. */
function PaymentCardArt({ kind }: { kind: CardKind }) {
  const physical = kind === 'physical';
  return (
    <svg className="payment-card__art" viewBox="0 0 340 214" aria-hidden="true" focusable="false">
      <rect width="340" height="214" rx="16" fill={physical ? '#0b2545' : '#c99a3d'} />
      <path d="M0 150C90 110 200 190 340 120v78a16 16 0 0 1-16 16H16A16 16 0 0 1 0 198z" fill={physical ? '#13315c' : '#b8892c'} />
      {physical ? (
        <g>
          <rect x="28" y="70" width="46" height="34" rx="6" fill="#d4a94f" />
          <path d="M28 87h46M51 70v34" stroke="#b8892c" strokeWidth="2" />
        </g>
      ) : (
        <g fill="none" stroke="#ffffff" strokeWidth="3" strokeLinecap="round">
          <path d="M34 74a18 18 0 0 1 0 26M42 68a28 28 0 0 1 0 38M50 62a38 38 0 0 1 0 50" />
        </g>
      )}
      <text x="28" y="42" fill="#ffffff" fontSize="18" fontWeight="600" letterSpacing="2">
        MERIDIAN
      </text>
      <text x="28" y="150" fill="#ffffff" fontSize="20" letterSpacing="3">
        •••• •••• •••• 2024
      </text>
      <circle cx="270" cy="182" r="16" fill="#eb001b" />
      <circle cx="292" cy="182" r="16" fill="#f79e1b" fillOpacity="0.9" />
    </svg>
  );
}
