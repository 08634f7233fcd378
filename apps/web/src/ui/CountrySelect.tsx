import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField, type FieldError, type SelectOption } from './FormField';

type CountryNames = Record<string, string | string[]>;

/**
 * Country names in the reader's language, from i18n-iso-countries. Each language's list is its own
 * chunk, fetched when a country select first shows, so no page carries both lists up front.
 */
const loaders: Record<'en' | 'ru', () => Promise<{ countries: CountryNames }>> = {
  en: () => import('i18n-iso-countries/langs/en.json').then((module) => module.default),
  ru: () => import('i18n-iso-countries/langs/ru.json').then((module) => module.default),
};

const cache = new Map<string, Promise<SelectOption[]>>();

function countryOptions(language: 'en' | 'ru'): Promise<SelectOption[]> {
  let options = cache.get(language);
  if (!options) {
    options = loaders[language]().then(({ countries }) =>
      Object.entries(countries)
        // A country may have several names; the first is the official short one.
        .map(([code, names]) => ({ value: code, label: Array.isArray(names) ? (names[0] ?? code) : names }))
        .sort((left, right) => left.label.localeCompare(right.label, language)),
    );
    options.catch(() => cache.delete(language));
    cache.set(language, options);
  }
  return options;
}

/** A select of ISO 3166-1 alpha-2 countries (the codes the contracts schemas accept), named in EN or RU. */
export function CountrySelect(props: {
  label: string;
  value: string;
  onValue: (code: string) => void;
  placeholder: string;
  error?: FieldError;
  hint?: ReactNode;
  required?: boolean;
  name?: string;
  autoComplete?: string;
}) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage === 'ru' ? 'ru' : 'en';
  const [options, setOptions] = useState<SelectOption[]>([]);
  useEffect(() => {
    let current = true;
    countryOptions(language)
      .then((loaded) => {
        if (current) setOptions(loaded);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [language]);
  // Until the names arrive, a chosen code still shows as itself rather than vanishing.
  const shown = options.length === 0 && props.value ? [{ value: props.value, label: props.value }] : options;
  return <SelectField {...props} options={shown} aria-busy={options.length === 0 || undefined} />;
}
