import { useEffect, useRef, useState } from 'react';
import { secondsLeft } from './revealCountdown';

/** How often the countdown reads the clock: often enough that a second never shows late. */
const TICK_MS = 250;

/** Seconds left until `deadlineMs`, refreshed a few times a second; `onZero` runs once when it reaches zero. */
export function useSecondsLeft(deadlineMs: number, onZero: () => void): number {
  const [left, setLeft] = useState(() => secondsLeft(deadlineMs, Date.now()));
  const onZeroRef = useRef(onZero);
  onZeroRef.current = onZero;
  useEffect(() => {
    let finished = false;
    const tick = () => {
      const now = secondsLeft(deadlineMs, Date.now());
      setLeft(now);
      if (now === 0 && !finished) {
        finished = true;
        window.clearInterval(timer);
        onZeroRef.current();
      }
    };
    const timer = window.setInterval(tick, TICK_MS);
    tick();
    return () => window.clearInterval(timer);
  }, [deadlineMs]);
  return left;
}
