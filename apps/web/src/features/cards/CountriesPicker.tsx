import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../ui/CountrySelect';
import { countryName, useCountryNames } from './countryNames';
import { withCountry, withoutCountry } from './limitsForm';

/**
 * Several countries chosen one by one: the country select of the KYC and transfer forms with an Add
 * button (a select that added on every change would add each country a keyboard passes through),
 * and the countries chosen, each with a button that removes it.
 */
export function CountriesPicker({ legend, hint, codes, onCodes }: { legend: string; hint: string; codes: readonly string[]; onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation('cards');
  const names = useCountryNames();
  const [pending, setPending] = useState('');
  const hintId = useId();
  const fieldset = useRef<HTMLFieldSetElement>(null);
  const add = () => {
    if (!pending) return;
    onCodes(withCountry(codes, pending));
    setPending('');
  };
  // The removed country's button is gone: the focus goes back to the select, to add another or move on.
  const remove = (code: string) => {
    onCodes(withoutCountry(codes, code));
    fieldset.current?.querySelector('select')?.focus();
  };
  return (
    <fieldset ref={fieldset} className="card-countries" aria-describedby={hintId}>
      <legend>{legend}</legend>
      <p id={hintId} className="cards__note">
        {hint}
      </p>
      <div className="card-countries__add">
        <CountrySelect label={t('limits.country')} name="country" value={pending} onValue={setPending} placeholder={t('limits.chooseCountry')} />
        <button type="button" className="button button--secondary" onClick={add} aria-disabled={!pending || undefined}>
          {t('limits.add')}
        </button>
      </div>
      {codes.length === 0 ? (
        <p className="cards__note">{t('limits.noCountries')}</p>
      ) : (
        <ul className="card-countries__list">
          {codes.map((code) => {
            const name = countryName(names, code);
            return (
              <li key={code} className="card-countries__item">
                <span>{name}</span>
                <button type="button" className="card-countries__remove" aria-label={t('limits.remove', { country: name })} onClick={() => remove(code)}>
                  <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" aria-hidden="true">
                    <path d="M6 6l12 12M18 6L6 18" />
                  </svg>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
