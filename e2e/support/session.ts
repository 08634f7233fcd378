import type { Page } from 'playwright-core';
import { initialUserState } from '../../apps/web/src/features/auth/userSlice';
import type { Stack } from './stack';

/** The signed-in user data as the server answers it (docs/product.md#data); only what tests read is typed. */
export interface SignedInUser {
  userToken: string;
  email: string;
  [field: string]: unknown;
}

/**
 * Signs in through the API exactly as the login screen does (step 1, the code from the real SMTP
 * server, step 2), for specs whose subject is a cabinet screen rather than the sign-in itself.
 */
export async function signInThroughApi(stack: Stack, email: string, password: string): Promise<SignedInUser> {
  const since = stack.mail.mails.length;
  const post = (path: string, body: unknown) =>
    fetch(`${stack.baseUrl}/api/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const first = await post('login/list', { email, password });
  if (!first.ok) throw new Error(`login step 1 failed: ${first.status} ${await first.text()}`);
  const mail = await stack.mail.waitFor(email, /\b\d{6}\b/, { since });
  const emailCode = /\b(\d{6})\b/.exec(mail.text)![1];
  const second = await post('login', { email, password, emailCode });
  if (!second.ok) throw new Error(`login step 2 failed: ${second.status} ${await second.text()}`);
  return (await second.json()) as SignedInUser;
}

/**
 * Puts the signed-in user into the persisted store (local storage 'persist:root', the format
 * redux-persist writes) before the app loads, then opens the cabinet.
 */
export async function openCabinetAs(page: Page, user: SignedInUser, language: 'en' | 'ru' = 'en'): Promise<void> {
  await page.addInitScript(
    ({ data, lng, initial }) => {
      // Seed once per tab: window.name survives reloads and the app's clearing of web storage.
      if (window.name === 'e2e-seeded') return;
      window.name = 'e2e-seeded';
      localStorage.setItem('i18nextLng', lng);
      const userState = { ...initial, user: data };
      localStorage.setItem(
        'persist:root',
        JSON.stringify({ user: JSON.stringify(userState), _persist: JSON.stringify({ version: -1, rehydrated: true }) }),
      );
    },
    { data: user, lng: language, initial: initialUserState },
  );
  await page.goto('/kabinet');
}
