import { useCallback, useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import './formField.css';

/**
 * The one form-field kit of the app (sign-in, registration, KYC, settings, transfers, exchange,
 * statement filters, and the back office and crypto forms to come).
 *
 * - `InputField`, `PasswordField` (with a show/hide switch), `SelectField` (options or children):
 *   a label that names the control, an optional hint, the required mark for sighted readers
 *   (`required` tells assistive technology), and the error.
 * - `error` is a translation key, or several when a value breaks several rules (a password), as
 *   contracts' schemas and the server's field errors give them: the kit translates them, from the
 *   `validation` namespace or the form's own, and announces them with the control
 *   (`aria-describedby`), which it marks `aria-invalid`.
 * - `FieldFrame` gives the same frame to a custom control (an amount with its currency).
 * - `bindField(form)` wires a field to a form's values, change handler and errors by its name, so a
 *   form declares only its fields: `<InputField label={…} {...field('amount')} required />`.
 */

export type FieldError = string | readonly string[] | undefined;

/** Translates an error key: from the validation namespace, else from the namespace that has it. */
export function useFieldErrorText(): (key: string) => string {
  const { t, i18n } = useTranslation('validation');
  return useCallback(
    (key: string) => {
      const inner = key.replace(/^validation\./, '');
      if (i18n.exists(inner, { ns: 'validation' })) return t(inner, { ns: 'validation' });
      const owner = (i18n.reportNamespaces?.getUsedNamespaces() ?? []).find((namespace) => i18n.exists(key, { ns: namespace }));
      return owner ? t(key, { ns: owner }) : t('invalid', { ns: 'validation' });
    },
    [t, i18n],
  );
}

function errorKeys(error: FieldError): readonly string[] {
  if (error === undefined || error === '') return [];
  return typeof error === 'string' ? [error] : error;
}

interface FrameProps {
  label: string;
  error?: FieldError;
  hint?: ReactNode;
  required?: boolean | undefined;
  className?: string | undefined;
  children: (control: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

export function FieldFrame({ label, error, hint, required, className, children }: FrameProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const text = useFieldErrorText();
  const keys = errorKeys(error);
  const invalid = keys.length > 0;
  const describedBy = [hint ? hintId : null, invalid ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id}>
        {label}
        {required ? (
          <span className="field__required" aria-hidden="true">
            {' *'}
          </span>
        ) : null}
      </label>
      {children({ id, describedBy, invalid })}
      {hint ? (
        <span id={hintId} className="field__hint">
          {hint}
        </span>
      ) : null}
      {keys.length === 1 ? (
        <span id={errorId} className="field__error">
          {text(keys[0]!)}
        </span>
      ) : null}
      {keys.length > 1 ? (
        <ul id={errorId} className="field__error field__errors">
          {keys.map((key) => (
            <li key={key}>{text(key)}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** What every field takes besides its control's own attributes. */
interface FieldProps {
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: FieldError;
  hint?: ReactNode;
}

type InputFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> & FieldProps;

export function InputField({ label, value, onValue, error, hint, required, className, ...input }: InputFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} required={required} className={className}>
      {({ id, describedBy, invalid }) => (
        <input
          {...input}
          id={id}
          value={value}
          required={required}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onInput={(event) => onValue(event.currentTarget.value)}
        />
      )}
    </FieldFrame>
  );
}

/** A one-time code of six digits (e-mailed or from an authenticator app): digits only, offered by the phone's keyboard and autofill. */
export function OneTimeCodeField(props: Omit<InputFieldProps, 'onValue' | 'inputMode' | 'autoComplete' | 'maxLength'> & { onValue: (code: string) => void }) {
  const { onValue, ...field } = props;
  return (
    <InputField {...field} onValue={(value) => onValue(value.replace(/\D/g, '').slice(0, 6))} inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
  );
}

/** A password input with a show/hide switch. */
export function PasswordField({ label, value, onValue, error, hint, required, className, ...input }: InputFieldProps) {
  const { t } = useTranslation('common');
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame label={label} error={error} hint={hint} required={required} className={className}>
      {({ id, describedBy, invalid }) => (
        <div className="password-input">
          <input
            {...input}
            id={id}
            type={visible ? 'text' : 'password'}
            value={value}
            required={required}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            onInput={(event) => onValue(event.currentTarget.value)}
          />
          <button
            type="button"
            className="password-input__toggle"
            aria-pressed={visible}
            aria-label={visible ? t('field.hidePassword') : t('field.showPassword')}
            onClick={() => setVisible((shown) => !shown)}
          >
            <EyeIcon crossed={visible} />
          </button>
        </div>
      )}
    </FieldFrame>
  );
}

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value' | 'id'> &
  FieldProps & {
    /** The choices; or give `<option>` children instead. */
    options?: readonly SelectOption[];
    /** The empty first choice ("Choose…"); leave it out when a value is always chosen. */
    placeholder?: string;
    children?: ReactNode;
  };

export function SelectField({ label, value, onValue, options, placeholder, error, hint, required, className, children, ...select }: SelectFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} required={required} className={className}>
      {({ id, describedBy, invalid }) => (
        <select
          {...select}
          id={id}
          value={value}
          required={required}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => onValue(event.currentTarget.value)}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options?.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
          {children}
        </select>
      )}
    </FieldFrame>
  );
}

/** A form as the kit wires its fields: values by name, a change handler, errors by name. */
export interface BoundForm<Name extends string> {
  values: Readonly<Record<Name, string>>;
  change: (name: Name, value: string) => void;
  errors: Readonly<Partial<Record<string, FieldError>>>;
}

/** The props that tie a field to its form by name: spread them into InputField, PasswordField or SelectField. */
export function bindField<Name extends string>(form: BoundForm<Name>) {
  return (name: Name) => ({ name, value: form.values[name], onValue: (value: string) => form.change(name, value), error: form.errors[name] });
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
