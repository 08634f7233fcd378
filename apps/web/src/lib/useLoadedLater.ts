import { useEffect, useState } from 'react';
import { loadChunk } from '../app/lazy';

const loaded = new WeakMap<() => Promise<unknown>, unknown>();

/**
 * A module's export loaded after the screen has rendered, once `wanted`, or null until then. For
 * what a screen needs only once it is used: zod and a form's schema take about 70 ms to set up on a
 * phone, which would otherwise lengthen the task that renders (or takes over) the screen, or hold
 * the page up just after it. `load` must be a module-level function: its result is kept for the
 * page's life.
 */
export function useLoadedLater<T>(load: () => Promise<T>, wanted = true): T | null {
  const [value, setValue] = useState<T | null>(() => (loaded.has(load) ? (loaded.get(load) as T) : null));
  useEffect(() => {
    if (value !== null || !wanted) return;
    let mounted = true;
    void loadChunk(load).then(
      (result) => {
        loaded.set(load, result);
        if (mounted) setValue(() => result);
      },
      // A chunk that fails to arrive leaves the form as it was drawn (its submit disabled); the
      // next visit to the screen tries again.
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  }, [load, value, wanted]);
  return value;
}
