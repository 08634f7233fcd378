import type { Card } from '@bank/contracts/cards/cards';
import { useTranslation } from 'react-i18next';
import { LoadStates } from '../../ui/LoadStates';
import type { Load } from '../settings';
import { CardItem } from './CardItem';

/**
 * The client's cards as the bank lists them (newest first), or why there are none to show. The
 * outcome of a change to a card is announced here, above the cards, for all to hear.
 */
export function CardList({
  load,
  notice,
  onRetry,
  onAnnounce,
  onChanged,
}: {
  load: Load<Card[]>;
  notice: { text: string; id: number } | null;
  onRetry: () => void;
  onAnnounce: (message: string) => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation('cards');
  return (
    <section className="cabinet-card" aria-labelledby="card-list-title" aria-busy={load.kind === 'loading'}>
      <h2 id="card-list-title">{t('list.title')}</h2>
      <div className="cards__live" role="status" aria-live="polite">
        {notice ? (
          <p key={notice.id} className="cards__success">
            {notice.text}
          </p>
        ) : null}
      </div>
      <LoadStates load={load} onRetry={onRetry} texts={{ failed: t('loadFailed'), retry: t('retry'), empty: t('list.empty') }} />
      {load.kind === 'ready' && load.data.length > 0 ? (
        <ul className="card-list" aria-labelledby="card-list-title">
          {load.data.map((card) => (
            <CardItem key={card.id} card={card} cards={load.data} onAnnounce={onAnnounce} onChanged={onChanged} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
