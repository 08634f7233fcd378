import { useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useValidationText } from './validation';

/**
 * Labelled form fields: the label names the input, hints and errors are announced with it
 * (aria-describedby), and a field with errors is marked invalid.
 */
interface FieldFrameProps {
  label: string;
  errors?: string[] | undefined;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  children: (ids: { inputId: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

export function FieldFrame({ label, errors, hint, required, className, children }: FieldFrameProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const text = useValidationText();
  const invalid = Boolean(errors && errors.length > 0);
  const describedBy = [hint ? hintId : null, invalid ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={inputId}>
        {label}
        {required ? (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children({ inputId, describedBy, invalid })}
      {hint ? (
        <span id={hintId} className="field__hint">
          {hint}
        </span>
      ) : null}
      {invalid ? (
        <ul id={errorId} className="field__error field__errors">
          {errors!.map((key) => (
            <li key={key}>{text(key)}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onValue: (value: string) => void;
  errors?: string[] | undefined;
  hint?: ReactNode;
};

export function TextField({ label, value, onValue, errors, hint, required, className, ...input }: InputProps) {
  return (
    <FieldFrame label={label} errors={errors} hint={hint} required={required} className={className}>
      {({ inputId, describedBy, invalid }) => (
        <input
          {...input}
          id={inputId}
          value={value}
          required={required}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(event) => onValue(event.currentTarget.value)}
        />
      )}
    </FieldFrame>
  );
}

/** A password input with a show/hide switch. */
export function PasswordField({ label, value, onValue, errors, hint, required, className, ...input }: InputProps) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame label={label} errors={errors} hint={hint} required={required} className={className}>
      {({ inputId, describedBy, invalid }) => (
        <div className="password-input">
          <input
            {...input}
            id={inputId}
            type={visible ? 'text' : 'password'}
            value={value}
            required={required}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(event) => onValue(event.currentTarget.value)}
          />
          <button
            type="button"
            className="password-input__toggle"
            aria-pressed={visible}
            aria-label={visible ? t('hidePassword') : t('showPassword')}
            onClick={() => setVisible((shown) => !shown)}
          >
            <EyeIcon crossed={visible} />
          </button>
        </div>
      )}
    </FieldFrame>
  );
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onValue: (value: string) => void;
  errors?: string[] | undefined;
  hint?: ReactNode;
  children: ReactNode;
};

export function SelectField({ label, value, onValue, errors, hint, required, className, children, ...select }: SelectProps) {
  return (
    <FieldFrame label={label} errors={errors} hint={hint} required={required} className={className}>
      {({ inputId, describedBy, invalid }) => (
        <select
          {...select}
          id={inputId}
          value={value}
          required={required}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(event) => onValue(event.currentTarget.value)}
        >
          {children}
        </select>
      )}
    </FieldFrame>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed ? <path d="M3 3l18 18" /> : null}
    </svg>
  );
}
