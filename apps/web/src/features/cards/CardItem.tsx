import { CARD_REVEAL_SHOWN_SECONDS, type Card, type RevealedCard } from '@bank/contracts/cards/cards';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DisclosureButton } from '../../ui/DisclosureButton';
import { formatAccountNumber, formatMoney } from '../../ui/formatMoney';
import { ActivateForm } from './ActivateForm';
import { cardActions, replacedCard, STATUS_BADGE } from './cardRules';
import { CardTile } from './CardTile';
import { countryName, useCountryNames } from './countryNames';
import { FreezeButton } from './FreezeButton';
import { LimitsForm } from './LimitsForm';
import { addressLines } from './orderRequest';
import { ReplaceButton } from './ReplaceButton';
import { revealDeadline } from './revealCountdown';
import { RevealDialog } from './RevealDialog';
import { RevealedDetails } from './RevealedDetails';

/** Revealed details and when they hide: held by this card alone, never in the store or the browser's storage. */
type Shown = { details: RevealedCard; deadlineMs: number };

/**
 * One card: the card drawn, its status, account and limits, and the controls its status allows
 * (cardActions): show the details behind the step-up, freeze or unfreeze, the limits, replace,
 * and activation of a physical card that has arrived. What changed is announced by the screen
 * (`onAnnounce`), which reads the list again (`onChanged`).
 */
export function CardItem({ card, cards, onAnnounce, onChanged }: { card: Card; cards: readonly Card[]; onAnnounce: (message: string) => void; onChanged: () => void }) {
  const { t, i18n } = useTranslation('cards');
  const language = i18n.resolvedLanguage ?? 'en';
  const names = useCountryNames();
  const actions = cardActions(card);
  const [revealing, setRevealing] = useState(false);
  const [shown, setShown] = useState<Shown | null>(null);
  const [limitsOpen, setLimitsOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const revealButton = useRef<HTMLButtonElement>(null);
  const limitsButton = useRef<HTMLButtonElement>(null);
  const revealArea = useRef<HTMLDivElement>(null);
  /** The details were hidden while the focus was on them: it goes back to "Show details", which takes their place. */
  const focusRevealButton = useRef(false);
  const titleId = `card-${card.id}-title`;
  const limitsId = `card-${card.id}-limits`;
  const money = (amount: string) => formatMoney(amount, card.currency, language);
  const replaced = replacedCard(card, cards);

  const changed = (message: string) => {
    onAnnounce(message);
    onChanged();
  };
  const controls = { onChanged: changed, onStale: onChanged };

  const revealed = (details: RevealedCard) => {
    setRevealing(false);
    setShown({ details, deadlineMs: revealDeadline(Date.now()) });
    onAnnounce(t('reveal.shown', { last4: card.last4, seconds: CARD_REVEAL_SHOWN_SECONDS }));
  };
  const hide = () => {
    focusRevealButton.current = revealArea.current?.contains(document.activeElement) === true;
    setShown(null);
    onAnnounce(t('reveal.hidden', { last4: card.last4 }));
  };
  useEffect(() => {
    if (shown || !focusRevealButton.current) return;
    focusRevealButton.current = false;
    revealButton.current?.focus();
  }, [shown]);
  const closeLimits = () => {
    setLimitsOpen(false);
    limitsButton.current?.focus();
  };

  return (
    <li className="card-item" aria-labelledby={titleId}>
      <div ref={revealArea} className="card-item__visual">
        <CardTile card={card} revealed={shown && actions.reveal ? shown.details : null} />
        {shown && actions.reveal ? <RevealedDetails deadlineMs={shown.deadlineMs} last4={card.last4} onHide={hide} /> : null}
      </div>
      <div className="card-item__info">
        <div className="card-item__head row-spread">
          <h3 id={titleId} className="card-item__title">
            {t(`types.${card.type}`)} <span aria-hidden="true">{card.maskedNumber}</span>
            <span className="visually-hidden"> {t('list.endingIn', { last4: card.last4 })}</span>
          </h3>
          <span className={`status-badge ${STATUS_BADGE[card.status]}`} data-status={card.status}>
            {t(`statuses.${card.status}`)}
          </span>
        </div>
        <p className="cards__note card-item__status-text">{t(`statusTexts.${card.status}`)}</p>
        <dl className="card-facts">
          <div>
            <dt>{t('facts.account')}</dt>
            <dd>{formatAccountNumber(card.accountNumber)}</dd>
          </div>
          <div>
            <dt>{t('facts.expiry')}</dt>
            <dd>{card.expiry}</dd>
          </div>
          <div>
            <dt>{t('facts.perTransaction')}</dt>
            <dd>{money(card.limits.perTransaction)}</dd>
          </div>
          <div>
            <dt>{t('facts.monthly')}</dt>
            <dd>{money(card.limits.monthly)}</dd>
          </div>
          <div>
            <dt>{t('facts.online')}</dt>
            <dd>{card.limits.online ? t('facts.onlineOn') : t('facts.onlineOff')}</dd>
          </div>
          <div>
            <dt>{t('facts.countries')}</dt>
            <dd>{card.limits.countriesBlocked.length > 0 ? card.limits.countriesBlocked.map((code) => countryName(names, code)).join(', ') : t('facts.noCountries')}</dd>
          </div>
          {card.type === 'physical' && card.deliveryAddress ? (
            <div className="card-facts__wide">
              <dt>{t('facts.delivery')}</dt>
              <dd>{addressLines(card.deliveryAddress, (code) => countryName(names, code)).join(', ')}</dd>
            </div>
          ) : null}
          {card.replaces ? (
            <div>
              <dt>{t('facts.replaces')}</dt>
              <dd>{replaced ? t('facts.replacesCard', { last4: replaced.last4 }) : t('facts.replacesUnknown')}</dd>
            </div>
          ) : null}
        </dl>
        {actions.activate ? <ActivateForm card={card} {...controls} /> : null}
        {actions.reveal || actions.freeze || actions.unfreeze || actions.limits || actions.replace ? (
          <div className="card-item__actions">
            {actions.reveal && !shown ? (
              <button ref={revealButton} type="button" className="button" aria-label={t('reveal.buttonFor', { last4: card.last4 })} onClick={() => setRevealing(true)}>
                {t('reveal.button')}
              </button>
            ) : null}
            {actions.freeze || actions.unfreeze ? <FreezeButton card={card} {...controls} onProblem={setProblem} /> : null}
            {actions.limits ? (
              <DisclosureButton
                ref={limitsButton}
                controls={limitsId}
                expanded={limitsOpen}
                className="button button--secondary"
                label={t('limits.buttonFor', { last4: card.last4 })}
                onToggle={() => setLimitsOpen((open) => !open)}
              >
                {t('limits.button')}
              </DisclosureButton>
            ) : null}
            {actions.replace ? <ReplaceButton card={card} {...controls} /> : null}
          </div>
        ) : null}
        {problem ? (
          <p className="cards__problem" role="alert">
            {problem}
          </p>
        ) : null}
        {limitsOpen && actions.limits ? (
          <LimitsForm
            id={limitsId}
            card={card}
            onStale={onChanged}
            onCancel={closeLimits}
            onChanged={(message) => {
              closeLimits();
              changed(message);
            }}
          />
        ) : null}
      </div>
      {revealing ? <RevealDialog card={card} onRevealed={revealed} onClose={() => setRevealing(false)} /> : null}
    </li>
  );
}
