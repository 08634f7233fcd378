import { useLayoutEffect } from 'react';

// True from the start of the take-over of a pre-rendered page (main.tsx) until the app's first
// commit: hydration runs as a transition, in slices over several tasks, and the components it
// renders find the page already drawn, placed by the browser and perhaps already typed into.
let takingOver = false;

/** The attribute `<html>` carries once the app has the page: its buttons and fields are live. */
export const APP_READY_ATTRIBUTE = 'data-app';

/** Starts the take-over; AppReady ends it at the app's first commit. */
export function startTakeOver(): void {
  takingOver = true;
}

/** Whether the component rendering now is taking over a pre-rendered page (read it on first render). */
export const isTakingOver = (): boolean => takingOver;

/**
 * Rendered around the app's routes: its first commit ends the take-over and marks `<html>` ready,
 * which the browser tests wait for before they use a page.
 */
export function AppReady({ children }: { children: React.ReactNode }) {
  useLayoutEffect(() => {
    takingOver = false;
    document.documentElement.setAttribute(APP_READY_ATTRIBUTE, 'ready');
  }, []);
  return children;
}
