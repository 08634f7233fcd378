import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['en', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * Translations live in src/locales/<language>/<namespace>.json, one namespace per area, each
 * loaded as its own chunk when a screen first needs it.
 */
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

export const i18nReady = i18next
  .use(LanguageDetector)
  .use(
    resourcesToBackend((language: string, namespace: string) => {
      const load = loaders[`../locales/${language}/${namespace}.json`];
      if (!load) return Promise.reject(new Error(`No translations for ${language}/${namespace}`));
      return load().then((module) => module.default);
    }),
  )
  .use(initReactI18next)
  .init({
    supportedLngs: LANGUAGES,
    fallbackLng: 'en',
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    detection: {
      // docs/product.md#states: query lng, cookie, local storage, session storage, navigator, html tag; cached in local storage.
      order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
      lookupQuerystring: 'lng',
      // The cookie tells the server the choice too, so the pre-rendered page it sends is already in
      // the visitor's language (apps/server/src/lib/route-pages.ts) and is taken over without a change.
      caches: ['localStorage', 'cookie'],
      cookieMinutes: 60 * 24 * 365,
    },
    react: { useSuspense: true },
    // The language is detected and its texts requested during init rather than a tick later, so
    // the first route can ask for its own texts at once, in parallel (see withTexts in router.tsx).
    initAsync: false,
  });

i18next.on('languageChanged', () => {
  // The detected tag may be regional ('ru-RU'); the page speaks the resolved language ('ru').
  // (No document when the pages are pre-rendered at build time.)
  if (typeof document !== 'undefined') document.documentElement.lang = currentLanguage();
});

/** Current language, narrowed to the supported ones. */
export function currentLanguage(): Language {
  return i18next.resolvedLanguage === 'ru' ? 'ru' : 'en';
}

/** docs/product.md#states: choosing a language changes it, caches it and reloads the page. */
export async function switchLanguage(language: Language): Promise<void> {
  await i18next.changeLanguage(language);
  const url = new URL(window.location.href);
  // The query parameter wins over the cached choice; drop it so the new choice holds after reload.
  if (url.searchParams.has('lng')) {
    url.searchParams.delete('lng');
    window.history.replaceState(window.history.state, '', url);
  }
  window.location.reload();
}

export default i18next;
