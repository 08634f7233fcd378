import { useEffect, useState } from 'react';
import type { Language } from '../../app/i18n';

type CountryNames = { countries: Record<string, string | string[]> };

/**
 * Country names of i18n-iso-countries in the reader's language, each language its own small chunk
 * loaded with the KYC screen only.
 */
const loaders: Record<Language, () => Promise<CountryNames>> = {
  en: () => import('i18n-iso-countries/langs/en.json').then((module) => module.default as CountryNames),
  ru: () => import('i18n-iso-countries/langs/ru.json').then((module) => module.default as CountryNames),
};

export interface CountryOption {
  code: string;
  name: string;
}

/** The ISO 3166-1 countries (about 250) as code and name, sorted by name in the language. */
export function useCountryOptions(language: Language): CountryOption[] {
  const [options, setOptions] = useState<CountryOption[]>([]);
  useEffect(() => {
    let current = true;
    void loaders[language]().then((names) => {
      if (!current) return;
      const collator = new Intl.Collator(language);
      setOptions(
        Object.entries(names.countries)
          .map(([code, name]) => ({ code, name: Array.isArray(name) ? name[0]! : name }))
          .sort((left, right) => collator.compare(left.name, right.name)),
      );
    });
    return () => {
      current = false;
    };
  }, [language]);
  return options;
}
