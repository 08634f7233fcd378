import { CARD_REVEAL_SHOWN_SECONDS } from '@bank/contracts/cards/cards';

/** When revealed details, shown at `nowMs`, are hidden again (docs/cards.md: 60 seconds). */
export function revealDeadline(nowMs: number, shownSeconds: number = CARD_REVEAL_SHOWN_SECONDS): number {
  return nowMs + shownSeconds * 1000;
}

/**
 * Whole seconds left until the deadline, rounded up so the last second still reads 1, and 0 once
 * it has passed. Counted against the clock, not by decrementing, so a tab that slept hides the
 * details as soon as it wakes.
 */
export function secondsLeft(deadlineMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((deadlineMs - nowMs) / 1000));
}

/** The countdown as m:ss ("0:59", "1:00"). */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
