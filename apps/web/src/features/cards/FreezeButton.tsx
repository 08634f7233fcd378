import type { Card } from '@bank/contracts/cards/cards';
import { useTranslation } from 'react-i18next';
import { moveCard } from './cardsApi';
import type { CardControlProps } from './cardControls';
import { useCardChange } from './useCardChange';

/**
 * Freeze or unfreeze (docs/cards.md: Active ⇄ Frozen), one press, no dialog: freezing is undone as
 * easily. The outcome is announced by the screen; a refusal shows with the card.
 */
export function FreezeButton({ card, onChanged, onStale, onProblem }: CardControlProps & { card: Card }) {
  const { t } = useTranslation('cards');
  const change = useCardChange(onStale, onProblem);
  const move = card.status === 'Frozen' ? 'unfreeze' : 'freeze';
  const press = async () => {
    const result = await change.send((token) => moveCard(token, card.id, move), move === 'freeze' ? t('freeze.failed') : t('freeze.unfreezeFailed'));
    if (result && 'card' in result) onChanged(result.card.status === 'Frozen' ? t('freeze.frozen', { last4: card.last4 }) : t('freeze.unfrozen', { last4: card.last4 }));
  };
  return (
    <button
      type="button"
      className="button button--secondary"
      aria-label={move === 'freeze' ? t('freeze.freezeFor', { last4: card.last4 }) : t('freeze.unfreezeFor', { last4: card.last4 })}
      // Not disabled while working: the button keeps the focus, and a second press is ignored.
      aria-busy={change.busy || undefined}
      onClick={() => void press()}
    >
      {change.busy ? t('freeze.working') : move === 'freeze' ? t('freeze.freeze') : t('freeze.unfreeze')}
    </button>
  );
}
