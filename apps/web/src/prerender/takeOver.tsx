import { Suspense, useLayoutEffect, useRef, type ReactNode } from 'react';
import { APP_READY_ATTRIBUTE } from './markers';

// True from the start of the take-over of a pre-rendered page (main.tsx) until every part of it is
// the app's: the components it renders find the page already drawn, placed by the browser and
// perhaps already typed into.
let takingOver = false;
/** Parts of the page taken over later (TakenOverLater) and not yet taken over. */
let partsLeft = 0;
let firstCommitDone = false;

/** Starts the take-over; it ends once AppReady has committed and every later part is taken over. */
export function startTakeOver(): void {
  takingOver = true;
}

/** Whether the component rendering now is taking over a pre-rendered page (read it on first render). */
export const isTakingOver = (): boolean => takingOver;

function endTakeOverWhenDone(): void {
  if (!firstCommitDone || partsLeft > 0) return;
  takingOver = false;
  document.documentElement.setAttribute(APP_READY_ATTRIBUTE, 'ready');
}

/**
 * Rendered around the app's routes: its first commit, once the later parts are taken over too,
 * ends the take-over and marks `<html>` ready, which the browser tests wait for before using a page.
 */
export function AppReady({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    firstCommitDone = true;
    endTakeOverWhenDone();
  }, []);
  return children;
}

/** A promise settled in a task of its own, after the browser has had its turn. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function Later({ children }: { children: ReactNode }) {
  // Suspends the part's first render while the page is taken over: the drawn part stays as it is,
  // and is taken over when the promise settles, in a task of its own.
  const pending = useRef<Promise<void> | null | undefined>(undefined);
  if (pending.current === undefined) {
    if (isTakingOver()) {
      partsLeft += 1;
      pending.current = nextTask().then(() => {
        pending.current = null;
        partsLeft -= 1;
        // The part renders in this task's microtasks; the page is ready after them.
        void nextTask().then(endTakeOverWhenDone);
      });
    } else pending.current = null;
  }
  if (pending.current) throw pending.current;
  return children;
}

/**
 * A part of a pre-rendered page (one element: a section, the footer) taken over in a task of its
 * own after the rest, rather than in the one long task that taking over a whole page is on a slow
 * phone: Preact keeps a part whose first render suspends during hydration as it was drawn, and its
 * own Suspense boundary lets it resume on its own. Rendered afresh (not taking over), it is plain.
 */
export function TakenOverLater({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Later>{children}</Later>
    </Suspense>
  );
}
