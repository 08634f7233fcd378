import type { Card, RevealedCard } from '@bank/contracts/cards/cards';
import { useTranslation } from 'react-i18next';
import { formatCardNumber } from './cardNumber';
import { hasEnded } from './cardRules';

/**
 * A card drawn as the plastic looks: the chip, the number (masked, or whole while revealed), the
 * expiry, the CVC while revealed, the type, the currency and the MasterCard mark, in the bank's
 * colours. Frozen and ended cards are drawn muted. Screen readers hear each value by its name, not
 * the drawing.
 */
export function CardTile({ card, revealed }: { card: Card; revealed: RevealedCard | null }) {
  const { t } = useTranslation('cards');
  const muted = card.status === 'Frozen' ? 'card-tile--frozen' : hasEnded(card) ? 'card-tile--ended' : '';
  return (
    <div className={`card-tile ${muted}`.trim()} data-type={card.type}>
      <div className="card-tile__top">
        <span className="card-tile__type">{t(`types.${card.type}`)}</span>
        <span className="card-tile__currency">{card.currency}</span>
      </div>
      <span className="card-tile__chip" aria-hidden="true" />
      <p className="card-tile__number">
        {revealed ? (
          <>
            <span className="visually-hidden">{t('tile.number')} </span>
            <span className="card-tile__digits" data-revealed="true">
              {formatCardNumber(revealed.number)}
            </span>
          </>
        ) : (
          <>
            <span aria-hidden="true">{card.maskedNumber}</span>
            <span className="visually-hidden">{t('tile.endingIn', { last4: card.last4 })}</span>
          </>
        )}
      </p>
      <div className="card-tile__bottom">
        <dl className="card-tile__facts">
          <div>
            <dt>{t('tile.expiry')}</dt>
            <dd>{revealed ? revealed.expiry : card.expiry}</dd>
          </div>
          {revealed ? (
            <div>
              <dt>{t('tile.cvc')}</dt>
              <dd className="card-tile__digits">{revealed.cvc}</dd>
            </div>
          ) : null}
        </dl>
        <span className="card-tile__brand">
          <span className="card-tile__circles" aria-hidden="true">
            <span />
            <span />
          </span>
          <span className="card-tile__brand-name">{card.brand}</span>
        </span>
      </div>
    </div>
  );
}
