import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { bankDateValue, parseBankDate, shownBankDate, typedBankDate } from './bankDateText';
import { FieldFrame, type FieldError } from './FormField';

type DateFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id' | 'type' | 'inputMode' | 'placeholder' | 'maxLength' | 'min' | 'max'> & {
  label: string;
  /** 'YYYY-MM-DD', '' for none, or text the client is still typing. */
  value: string;
  /** Gets 'YYYY-MM-DD' for a real date, '' when emptied, else the text as typed (see bankDateValue). */
  onValue: (value: string) => void;
  error?: FieldError;
  hint?: ReactNode;
};

/**
 * A date typed as the bank writes it, DD.MM.YYYY, in the page's language whatever the browser's
 * locale (the browser's own date input follows the browser). A phone offers its numeric keypad and
 * the dots come by themselves. The form gets 'YYYY-MM-DD'; a date the calendar does not have is
 * marked when the client leaves the field, as the form's own check would on sending.
 */
export function DateField({ label, value, onValue, error, hint, required, className, onBlur, ...input }: DateFieldProps) {
  const { t } = useTranslation('common');
  const formatId = useId();
  const [text, setText] = useState(() => shownBankDate(value));
  const [left, setLeft] = useState(false);
  // A value set from outside (a reset, a chosen period, a report's day) shows in the field. Compared
  // while rendering, with the text as it is now: an effect would compare a keystroke behind and
  // undo the one just typed.
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    if (bankDateValue(text) !== value) setText(shownBankDate(value));
  }
  const unreal = left && text.trim() !== '' && parseBankDate(text) === null;
  const given = error !== undefined && error.length > 0;
  return (
    <FieldFrame label={label} error={given ? error : unreal ? 'validation.date.invalid' : undefined} hint={hint} required={required} className={className}>
      {({ id, describedBy, invalid }) => (
        <>
          <input
            {...input}
            id={id}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder={t('field.datePlaceholder')}
            maxLength={10}
            value={text}
            required={required}
            aria-invalid={invalid || undefined}
            aria-describedby={[formatId, describedBy].filter(Boolean).join(' ')}
            onInput={(event) => {
              const typed = typedBankDate(event.currentTarget.value);
              setText(typed);
              setLeft(false);
              onValue(bankDateValue(typed));
            }}
            onBlur={(event) => {
              setLeft(true);
              onBlur?.(event);
            }}
          />
          <span id={formatId} className="visually-hidden">
            {t('field.dateFormat')}
          </span>
        </>
      )}
    </FieldFrame>
  );
}
