import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

type CountryNames = { countries: Record<string, string | string[]> };

/**
 * Country names in the reader's language, from the same i18n-iso-countries lists (and chunks) the
 * country select reads, so a country shows by the name it was chosen by.
 */
const loaders: Record<'en' | 'ru', () => Promise<CountryNames>> = {
  en: () => import('i18n-iso-countries/langs/en.json').then((module) => module.default as CountryNames),
  ru: () => import('i18n-iso-countries/langs/ru.json').then((module) => module.default as CountryNames),
};

const cache = new Map<string, Promise<ReadonlyMap<string, string>>>();

function namesIn(language: 'en' | 'ru'): Promise<ReadonlyMap<string, string>> {
  let names = cache.get(language);
  if (!names) {
    names = loaders[language]().then(
      // A country may have several names; the first is the official short one.
      ({ countries }) => new Map(Object.entries(countries).map(([code, name]) => [code, Array.isArray(name) ? (name[0] ?? code) : name])),
    );
    names.catch(() => cache.delete(language));
    cache.set(language, names);
  }
  return names;
}

/** The country names by ISO code, empty until they arrive (a code then shows as itself). */
export function useCountryNames(): ReadonlyMap<string, string> {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage === 'ru' ? 'ru' : 'en';
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());
  useEffect(() => {
    let current = true;
    namesIn(language)
      .then((loaded) => {
        if (current) setNames(loaded);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [language]);
  return names;
}

/** A country's name, or its code while the names are not there. */
export function countryName(names: ReadonlyMap<string, string>, code: string): string {
  return names.get(code.toUpperCase()) ?? code;
}
