import { useLayoutEffect, useRef } from 'react';
import { isTakingOver } from './takeOver';

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isControl = (element: Element | null): element is Control =>
  element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement;

/** What was typed into the page's fields of these names (those left empty are not named). */
function typedInto(names: readonly string[]): Record<string, string> {
  const root = document.getElementById('root');
  const typed: Record<string, string> = {};
  for (const name of names) {
    const field = root?.querySelector(`[name="${CSS.escape(name)}"]`) ?? null;
    if (isControl(field) && field.value !== '') typed[name] = field.value;
  }
  return typed;
}

/**
 * Keeps what a visitor typed into a pre-rendered form before the app took the page over. The
 * form's first render must match the page as it was drawn (React keeps the drawn attributes, so a
 * "Continue" drawn disabled would stay so), so the typed values are given to the form right after,
 * before the browser paints again: `apply` receives them by field name, when there are any.
 */
export function useTypedValues(names: readonly string[], apply: (typed: Record<string, string>) => void): void {
  const takingOver = useRef(isTakingOver());
  const pending = useRef({ names, apply });
  useLayoutEffect(() => {
    if (!takingOver.current) return;
    takingOver.current = false;
    const typed = typedInto(pending.current.names);
    if (Object.keys(typed).length > 0) pending.current.apply(typed);
  }, []);
}
