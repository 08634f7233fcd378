import { useLayoutEffect, useRef } from 'react';
import { isTakingOver } from './takeOver';

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isControl = (element: Element | null): element is Control =>
  element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement;

/** A field's typed value; a box, a choice or a button has none to keep. */
const typedValueOf = (field: Control): string =>
  field instanceof HTMLInputElement && ['checkbox', 'radio', 'hidden', 'submit', 'button'].includes(field.type) ? '' : field.value;

/** What the drawn page's fields held as the take-over began (rememberTypedValues), by name. */
let drawnValues = new Map<string, string>();

/**
 * Keeps what was typed into the drawn page's named fields, called just before the app takes the page
 * over: Preact sets a textarea's value even while hydrating, so by the time its form's effect runs a
 * message typed into the drawn page is already gone from the field.
 */
export function rememberTypedValues(): void {
  drawnValues = new Map();
  for (const field of document.getElementById('root')?.querySelectorAll('[name]') ?? []) {
    if (!isControl(field) || drawnValues.has(field.name)) continue;
    const value = typedValueOf(field);
    if (value !== '') drawnValues.set(field.name, value);
  }
}

/**
 * What was typed into the page's fields of these names (those left empty are not named): what the
 * field holds now, or else what it held as the take-over began.
 */
function typedInto(names: readonly string[]): Record<string, string> {
  const root = document.getElementById('root');
  const typed: Record<string, string> = {};
  for (const name of names) {
    const field = root?.querySelector(`[name="${CSS.escape(name)}"]`) ?? null;
    const value = (isControl(field) ? typedValueOf(field) : '') || drawnValues.get(name) || '';
    if (value !== '') typed[name] = value;
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
