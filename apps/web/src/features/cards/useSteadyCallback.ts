import { useCallback, useRef } from 'react';

/**
 * A function that stays the same across renders and calls the latest `callback`. A dialog's
 * `onClose` must be one: the dialog takes the focus back to where it came from, and into itself
 * again, whenever its `onClose` changes, so a new function each render would move the focus on
 * every key pressed in it.
 */
export function useSteadyCallback<Args extends unknown[]>(callback: (...args: Args) => void): (...args: Args) => void {
  const latest = useRef(callback);
  latest.current = callback;
  return useCallback((...args: Args) => latest.current(...args), []);
}
