import { CARDS } from '@bank/contracts/tariffs';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { Screen } from '../../ui/Screen';
import { loadAccounts } from '../accounts';
import { useSignedInLoad } from '../settings';
import { CardList } from './CardList';
import { fetchCards } from './cardsApi';
import { OrderCardSection } from './OrderCardSection';
import './cards.css';

/**
 * The cabinet's cards (docs/cards.md): the client's MasterCard debit cards in USD, each with its
 * controls, and the form that orders a new one with its fee. Whatever changes a card reads the list
 * again and is announced; ordering moves money (the fee), so the balances follow.
 */
export function CardsScreen() {
  const { t } = useTranslation('cards');
  const dispatch = useAppDispatch();
  const cards = useSignedInLoad(fetchCards);
  // Each announcement is a new paragraph, so the same words said twice are read twice.
  const [notice, setNotice] = useState<{ text: string; id: number } | null>(null);
  const announce = useCallback((text: string) => setNotice((previous) => ({ text, id: (previous?.id ?? 0) + 1 })), []);

  // Fresh balances for the account to draw on and to pay the fee from.
  useEffect(() => {
    void dispatch(loadAccounts());
  }, [dispatch]);

  const { refresh } = cards;
  const reload = useCallback(() => void refresh(), [refresh]);
  return (
    <Screen headingId="cards-heading" title={t('title')} lead={t('lead', { brand: CARDS.paymentSystem, currency: CARDS.currency, years: CARDS.validityYears })}>
      <CardList load={cards.load} notice={notice} onRetry={reload} onAnnounce={announce} onChanged={reload} />
      <OrderCardSection onOrdered={reload} />
    </Screen>
  );
}

export default CardsScreen;
