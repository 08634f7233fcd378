import { useEffect, useRef, useState } from 'react';

/**
 * Seconds left until a deadline `durationSeconds` from when the hook starts, refreshed a few
 * times a second; `onZero` runs once when it reaches zero. Counting against the clock (not by
 * decrementing) keeps it right when the tab sleeps.
 */
export function useCountdown(durationSeconds: number, onZero: () => void): number {
  const [deadline] = useState(() => Date.now() + durationSeconds * 1000);
  const [secondsLeft, setSecondsLeft] = useState(durationSeconds);
  const onZeroRef = useRef(onZero);
  onZeroRef.current = onZero;
  useEffect(() => {
    let finished = false;
    const tick = () => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setSecondsLeft(left);
      if (left === 0 && !finished) {
        finished = true;
        window.clearInterval(timer);
        onZeroRef.current();
      }
    };
    const timer = window.setInterval(tick, 250);
    return () => window.clearInterval(timer);
  }, [deadline]);
  return secondsLeft;
}

/** docs/product.md#tariffs-and-limits: the countdown is shown as mm:ss. */
export function formatMinutesSeconds(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}
