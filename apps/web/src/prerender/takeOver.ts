// Set while the app takes over a pre-rendered page (main.tsx): components that render then find the
// page already drawn and placed by the browser (scrolled to the address's section or at the top).
let takingOver = false;

/** Runs a synchronous hydration with isTakingOver() true for the components it renders. */
export function takeOverPage(hydrate: () => void): void {
  takingOver = true;
  try {
    hydrate();
  } finally {
    takingOver = false;
  }
}

/** Whether the component rendering now is taking over a pre-rendered page (read it on first render). */
export const isTakingOver = (): boolean => takingOver;
