import { useCallback, useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import './formField.css';

/**
 * The one form-field kit of the app (sign-in, registration, KYC, settings, transfers, exchange,
 * statement filters, and the back office and crypto forms to come).
 *
 * - `InputField`, `PasswordField` (with a show/hide switch), `SelectField` (options or children),
 *   `TextAreaField` (a few lines of text):
 *   a label that names the control, an optional hint, the required mark for sighted readers
 *   (`required` tells assistive technology), and the error.
 * - `error` is a translation key, or several when a value breaks several rules (a password), as
 *   contracts' schemas and the server's field errors give them: the kit translates them, from the
 *   `validation` namespace or the form's own, and announces them with the control
 *   (`aria-describedby`), which it marks `aria-invalid`.
 * - `FieldFrame` gives the same frame to a custom control (an amount with its currency).
 * - `AmountField` (a sum of money the client types), `DigitsField` (a number typed digit by digit)
 *   and `ShownField` (a value the form derives from another field, shown beside it and never typed)
 *   are the money forms' common fields.
 * - `bindField(form)` wires a field to a form's values, change handler and errors by its name, so a
 *   form declares only its fields: `<InputField label={…} {...field('amount')} required />`.
 * - `focusFirstError(form)` takes the client to the first field to correct after a refused submit.
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

/** The translation keys of a field's error: none, one, or several. */
export function errorKeys(error: FieldError): readonly string[] {
  if (error === undefined || error === '') return [];
  return typeof error === 'string' ? [error] : error;
}

/** What a frame gives the control it labels: the control's id, its hint and error, and whether it is invalid. */
interface FrameControl {
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
}

interface FrameProps {
  label: string;
  error?: FieldError;
  hint?: ReactNode;
  required?: boolean | undefined;
  className?: string | undefined;
  children: (control: FrameControl) => ReactNode;
}

/** A field's name, with the required mark for sighted readers (`required` on the control tells assistive technology). */
export function LabelText({ label, required }: { label: string; required?: boolean | undefined }) {
  return (
    <>
      {label}
      {required ? (
        <span className="field__required" aria-hidden="true">
          {' *'}
        </span>
      ) : null}
    </>
  );
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
        <LabelText label={label} required={required} />
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

/** The attributes that tie a field's control to its frame (id, hint, error) and to the field's value. */
function controlAttributes({ id, describedBy, invalid }: FrameControl, value: string, required: boolean | undefined) {
  return { id, value, required, 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy };
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
      {(control) => <input {...input} {...controlAttributes(control, value, required)} onInput={(event) => onValue(event.currentTarget.value)} />}
    </FieldFrame>
  );
}

/**
 * A sum of money: always required, the phone's decimal keyboard, and never autofilled (a browser's
 * remembered amount must not slip into a payment).
 */
export function AmountField(props: Omit<InputFieldProps, 'required' | 'inputMode' | 'autoComplete'>) {
  return <InputField {...props} required inputMode="decimal" autoComplete="off" />;
}

/**
 * A number typed digit by digit (an account number, a term in months): the phone's numeric keypad,
 * and never autofilled.
 */
export function DigitsField(props: Omit<InputFieldProps, 'inputMode' | 'autoComplete'>) {
  return <InputField {...props} inputMode="numeric" autoComplete="off" />;
}

/**
 * A value the form derives from another field (an account's currency, a wallet's network): read
 * only, with `placeholder` saying where it comes from until that field is chosen.
 */
export function ShownField({ label, name, value, placeholder, error }: { label: string; name: string; value: string; placeholder: string; error?: FieldError }) {
  return <InputField label={label} name={name} value={value} onValue={ignoreInput} readOnly placeholder={placeholder} error={error} />;
}

function ignoreInput(): void {}

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
      {(control) => (
        <div className="password-input">
          <input
            {...input}
            {...controlAttributes(control, value, required)}
            type={visible ? 'text' : 'password'}
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
      {(control) => (
        <select {...select} {...controlAttributes(control, value, required)} onChange={(event) => onValue(event.currentTarget.value)}>
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

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value' | 'id'> & FieldProps;

/** A few lines of text (a reason, a message), in the same frame as the other fields. */
export function TextAreaField({ label, value, onValue, error, hint, required, className, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} required={required} className={className}>
      {(control) => <textarea {...textarea} {...controlAttributes(control, value, required)} onInput={(event) => onValue(event.currentTarget.value)} />}
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

/** Moves focus to the first field the client has to correct. */
export function focusFirstError(form: HTMLFormElement): void {
  // The errors render on the next paint; wait for it so the field found is marked invalid.
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
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
