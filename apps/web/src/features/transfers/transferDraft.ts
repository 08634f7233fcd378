/**
 * The stored transfer-form draft (docs/product.md#screens-and-routes): what the client typed survives switching screens or
 * reloading the tab, and is cleared after every attempt to send. It lives in session storage, per
 * client and per form, so it leaves with the tab and never shows to another client.
 */
export type DraftKind = 'bank' | 'internal';

function storageKey(kind: DraftKind, clientId: string): string {
  return `transferDraft:${kind}:${clientId}`;
}

export function loadDraft<T extends Record<string, string>>(kind: DraftKind, clientId: string, empty: T): T {
  try {
    const stored = sessionStorage.getItem(storageKey(kind, clientId));
    if (!stored) return empty;
    const parsed = JSON.parse(stored) as unknown;
    if (!parsed || typeof parsed !== 'object') return empty;
    // Only the form's own string fields are taken back, so an old draft cannot break the form.
    const draft: Record<string, unknown> = { ...empty };
    for (const [key, value] of Object.entries(parsed)) {
      if (key in empty && typeof value === 'string') draft[key] = value;
    }
    return draft as T;
  } catch {
    return empty;
  }
}

export function saveDraft(kind: DraftKind, clientId: string, values: object): void {
  try {
    sessionStorage.setItem(storageKey(kind, clientId), JSON.stringify(values));
  } catch {
    // A full or disabled storage only loses the draft, never the form.
  }
}

export function clearDraft(kind: DraftKind, clientId: string): void {
  try {
    sessionStorage.removeItem(storageKey(kind, clientId));
  } catch {
    // Nothing stored, nothing to clear.
  }
}

function presetTabKey(clientId: string): string {
  return `transferTab:${clientId}`;
}

/**
 * Opens the transfer screen with a form filled in by another screen (a template made into a
 * standing order, a new standing order): the values become that form's draft, and the screen
 * opens on its tab once (presetTab, then clearPresetTab).
 */
export function presetTransferForm(kind: DraftKind, clientId: string, values: Record<string, string>): void {
  saveDraft(kind, clientId, values);
  try {
    sessionStorage.setItem(presetTabKey(clientId), kind);
  } catch {
    // The screen opens on its first tab; the draft is there when the client switches.
  }
}

/** The tab another screen asked the transfer screen to open on. */
export function presetTab(clientId: string): DraftKind | null {
  try {
    const kind = sessionStorage.getItem(presetTabKey(clientId));
    return kind === 'bank' || kind === 'internal' ? kind : null;
  } catch {
    return null;
  }
}

export function clearPresetTab(clientId: string): void {
  try {
    sessionStorage.removeItem(presetTabKey(clientId));
  } catch {
    // Nothing stored, nothing to clear.
  }
}
