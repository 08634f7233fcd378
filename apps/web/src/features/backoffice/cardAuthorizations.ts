import type { CardAuthorization, CardStatus } from '@bank/contracts/cards/cards';

/**
 * How the back office reads a client's cards and their authorisations (docs/cards.md#the-back-office):
 * the badge's colour of a status, where a merchant is, and a status in words with why a decline
 * was declined.
 */

export type BadgeTone = 'success' | 'danger' | 'neutral' | 'pending';

/** Cleared is done; Declined refused; Reversed and Expired released; Pending still holds the money. */
export function authorizationTone(status: CardAuthorization['status']): BadgeTone {
  if (status === 'Cleared') return 'success';
  if (status === 'Declined') return 'danger';
  if (status === 'Reversed' || status === 'Expired') return 'neutral';
  return 'pending';
}

/** Active pays; Blocked never will; Expired is over; the rest wait (made, sent, or frozen by the holder). */
export function cardTone(status: CardStatus): BadgeTone {
  if (status === 'Active') return 'success';
  if (status === 'Blocked') return 'danger';
  if (status === 'Expired') return 'neutral';
  return 'pending';
}

/** A merchant's city and country, then its category code: "Vienna, AT · MCC 5812". */
export function merchantPlace(merchant: CardAuthorization['merchant'], mccText: string): string {
  return [[merchant.city, merchant.country].filter(Boolean).join(', '), mccText].filter(Boolean).join(' · ');
}

type Translate = (key: string) => string;

/** An authorisation's status in the reader's language, and for a decline why: "Declined", "Insufficient funds". */
export function authorizationStatusText(authorization: Pick<CardAuthorization, 'status' | 'declineReason'>, t: Translate): { status: string; reason: string | null } {
  return {
    status: t(`cards.authorizations.statuses.${authorization.status}`),
    reason: authorization.status === 'Declined' && authorization.declineReason ? t(`cards.authorizations.declineReasons.${authorization.declineReason}`) : null,
  };
}
