import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { usePageTitle } from '../../ui/usePageTitle';
import { Checklist, Hero, NumberedCards, Section, usePublicFigures } from './blocks';
import { CRYPTO_CARDS, CRYPTO_GATEWAY_POINTS } from './content';

/** The crypto page (docs/product.md#screens-and-routes): a hero, the payment gateway block and 6 numbered cards. */
export function Component() {
  const { t } = useTranslation('public');
  const figures = usePublicFigures();
  usePageTitle('crypto.title', 'public');
  return (
    <>
      <Hero
        eyebrow={t('crypto.hero.eyebrow')}
        title={t('crypto.hero.title')}
        text={t('crypto.hero.text', figures)}
        actions={
          <Link className="button button--accent" to={paths.register}>
            {t('actions.openAccount')}
          </Link>
        }
      />

      <Section title={t('crypto.gateway.title')}>
        {() => (
          <div className="split">
            <div>
              <p className="lead">{t('crypto.gateway.text')}</p>
              <Checklist points={CRYPTO_GATEWAY_POINTS} text={(point) => t(`crypto.gateway.points.${point}`, figures)} />
              <Link className="button" to={paths.contact}>
                {t('crypto.gateway.action')}
              </Link>
            </div>
            <GatewayArt />
          </div>
        )}
      </Section>

      <Section tone="alt" title={t('crypto.cards.title')}>
        {() => (
          <NumberedCards
            items={CRYPTO_CARDS}
            columns={3}
            title={(card) => t(`crypto.cards.items.${card}.title`)}
            text={(card) => t(`crypto.cards.items.${card}.text`, figures)}
          />
        )}
      </Section>
    </>
  );
}

/** Decorative: a payment flowing from a coin through the gateway to an account. */
function GatewayArt() {
  return (
    <svg className="split__art" viewBox="0 0 360 200" aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="358" height="198" rx="16" fill="#f4f6fa" stroke="#d9dee8" />
      <circle cx="62" cy="100" r="34" fill="#d4a94f" />
      {/* A coin marked like bitcoin's sign: a B crossed by two short strokes (drawn, as fonts may lack ₿). */}
      <text x="62" y="110" textAnchor="middle" fontSize="28" fontWeight="600" fill="#0b2545">
        B
      </text>
      <path d="M59 82v7M66 82v7M59 111v7M66 111v7" stroke="#0b2545" strokeWidth="2.5" strokeLinecap="round" />
      <rect x="140" y="66" width="80" height="68" rx="12" fill="#0b2545" />
      <path d="M162 100h36m-12-12 12 12-12 12" stroke="#d4a94f" strokeWidth="3" fill="none" strokeLinecap="round" strokeLinejoin="round" />
      <rect x="262" y="70" width="68" height="60" rx="10" fill="#ffffff" stroke="#0b2545" strokeWidth="2" />
      <path d="M276 92h40M276 104h28M276 116h34" stroke="#0b2545" strokeWidth="3" strokeLinecap="round" />
      <path d="M98 100h40M222 100h38" stroke="#0b2545" strokeWidth="2" strokeDasharray="4 5" />
    </svg>
  );
}
