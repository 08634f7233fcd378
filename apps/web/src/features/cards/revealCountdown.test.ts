// Proves the countdown of revealed card details: 60 seconds from the reveal, whole seconds rounded
// up so the last one still shows, zero (hidden) once the deadline has passed however late the clock
// is read, and written as m:ss.
import { CARD_REVEAL_SHOWN_SECONDS } from '@bank/contracts/cards/cards';
import { describe, expect, it } from 'vitest';
import { formatCountdown, revealDeadline, secondsLeft } from './revealCountdown';

describe('reveal countdown', () => {
  const shownAt = 1_700_000_000_000;
  const deadline = revealDeadline(shownAt);

  it('shows the details for the 60 seconds of the contract', () => {
    expect(CARD_REVEAL_SHOWN_SECONDS).toBe(60);
    expect(deadline - shownAt).toBe(60_000);
    expect(secondsLeft(deadline, shownAt)).toBe(60);
  });

  it('counts whole seconds up, so the last second reads 1 until it has passed', () => {
    expect(secondsLeft(deadline, shownAt + 1)).toBe(60);
    expect(secondsLeft(deadline, shownAt + 1_000)).toBe(59);
    expect(secondsLeft(deadline, shownAt + 59_001)).toBe(1);
    expect(secondsLeft(deadline, shownAt + 59_999)).toBe(1);
    expect(secondsLeft(deadline, shownAt + 60_000)).toBe(0);
  });

  it('is zero, never below, when the clock is read late (a tab that slept)', () => {
    expect(secondsLeft(deadline, shownAt + 10 * 60_000)).toBe(0);
  });

  it('writes the seconds left as m:ss', () => {
    expect(formatCountdown(60)).toBe('1:00');
    expect(formatCountdown(59)).toBe('0:59');
    expect(formatCountdown(5)).toBe('0:05');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-3)).toBe('0:00');
  });
});
