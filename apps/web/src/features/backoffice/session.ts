import type { Operator } from '@bank/contracts/backoffice/roles';
import { useSyncExternalStore } from 'react';

/**
 * The operator's session in this browser tab. Kept apart from the client's stored state (an
 * operator token never sits in the client's `user` slice) and in session storage, so it ends
 * with the tab and is never shared with another one.
 */
export interface OperatorSession {
  token: string;
  operator: Operator;
}

const STORAGE_KEY = 'backoffice-session';
const listeners = new Set<() => void>();
let current: OperatorSession | null = read();
/** Why the last session ended, shown once on the sign-in screen. */
let endedBecauseExpired = false;

function read(): OperatorSession | null {
  try {
    const text = sessionStorage.getItem(STORAGE_KEY);
    const value = text ? (JSON.parse(text) as Partial<OperatorSession>) : null;
    return value && typeof value.token === 'string' && value.operator ? (value as OperatorSession) : null;
  } catch {
    return null;
  }
}

function publish(next: OperatorSession | null): void {
  current = next;
  try {
    if (next) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage may be unavailable (private mode); the session still lives in memory.
  }
  listeners.forEach((listener) => listener());
}

export function startOperatorSession(session: OperatorSession): void {
  endedBecauseExpired = false;
  publish(session);
}

export function endOperatorSession(reason: 'signedOut' | 'expired' = 'signedOut'): void {
  endedBecauseExpired = reason === 'expired';
  publish(null);
}

export function operatorSession(): OperatorSession | null {
  return current;
}

/** True once after a session ended by the server (idle or too long); reading it clears it. */
export function takeExpiredNotice(): boolean {
  const expired = endedBecauseExpired;
  endedBecauseExpired = false;
  return expired;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useOperatorSession(): OperatorSession | null {
  return useSyncExternalStore(subscribe, operatorSession, operatorSession);
}
