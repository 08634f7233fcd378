/** i18next keeps the reader's language choice here; it is a preference, not user data. */
const LANGUAGE_KEY = 'i18nextLng';

/**
 * docs/product.md#states clears all local storage at sign-in and logout. The language choice is put back, so
 * signing out does not switch the interface to another language.
 */
export function clearLocalStorage(): void {
  const language = window.localStorage.getItem(LANGUAGE_KEY);
  window.localStorage.clear();
  // Drafts of transfer forms live in session storage: they must not outlive the client's session.
  window.sessionStorage.clear();
  if (language) window.localStorage.setItem(LANGUAGE_KEY, language);
}
