import { useTranslation } from 'react-i18next';
import { LANGUAGES, currentLanguage, switchLanguage } from '../app/i18n';
import './languageSwitch.css';

/** EN/RU switch: choosing a language changes it and reloads the page (docs/product.md#states). */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const active = currentLanguage();
  return (
    <div className={`language-switch ${className ?? ''}`} role="group" aria-label={t('language.label')}>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          className="language-switch__option"
          aria-pressed={language === active}
          lang={language}
          onClick={() => {
            if (language !== active) void switchLanguage(language);
          }}
        >
          {language.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
