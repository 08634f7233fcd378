import { CONTACT_FIELD_LIMITS } from '@bank/contracts/contact/limits';
import { useCallback, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Popup } from '../../ui/Popup';
import type { ContactFieldErrors, ContactFormVariant } from './submit';
import { loadSubmitModule, useContactForm, type ContactField } from './useContactForm';
import './contact.css';
import { DRAWN_FORM_METHOD } from '../../prerender/markers';
import { useTypedValues } from '../../prerender/typedValues';

interface FieldSpec {
  name: ContactField;
  type: 'text' | 'email' | 'tel';
  autoComplete: string;
  multiline?: boolean;
}

const FIELDS: Record<ContactFormVariant, FieldSpec[]> = {
  // docs/product.md#screens-and-routes: the home form has name, email and phone only.
  home: [
    { name: 'name', type: 'text', autoComplete: 'name' },
    { name: 'email', type: 'email', autoComplete: 'email' },
    { name: 'phone', type: 'tel', autoComplete: 'tel' },
  ],
  contact: [
    { name: 'name', type: 'text', autoComplete: 'name' },
    { name: 'email', type: 'email', autoComplete: 'email' },
    { name: 'phone', type: 'tel', autoComplete: 'tel' },
    { name: 'message', type: 'text', autoComplete: 'off', multiline: true },
  ],
};

/**
 * The contact and feedback form (docs/product.md): checked on submit with the contracts schema, each
 * error cleared when its field is edited, then sent; a popup tells how it went.
 */
export function ContactForm({ variant, labelledBy }: { variant: ContactFormVariant; labelledBy?: string }) {
  const { t } = useTranslation('contact');
  const formRef = useRef<HTMLFormElement>(null);
  const idPrefix = useId();
  const focusFirstInvalid = useCallback((errors: ContactFieldErrors) => {
    const first = FIELDS[variant].find((field) => errors[field.name]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first.name}"]`)?.focus();
  }, [variant]);
  const { values, errors, status, change, submit, dismiss } = useContactForm(variant, focusFirstInvalid);
  // What a visitor typed into the drawn page before the app had it stays in the form.
  useTypedValues(
    FIELDS[variant].map((field) => field.name),
    (typed) => {
      for (const field of FIELDS[variant]) {
        const value = typed[field.name];
        if (value !== undefined) change(field.name, value);
      }
    },
  );
  const sending = status === 'sending';

  return (
    <>
      <form
        ref={formRef}
        className={`contact-form contact-form--${variant}`}
        aria-labelledby={labelledBy}
        method={DRAWN_FORM_METHOD}
        noValidate
        onSubmit={(event) => void submit(event)}
        // Validation and sending load while the visitor types, so submitting does not wait for them.
        onFocus={() => void loadSubmitModule().catch(() => undefined)}
      >
        <div className="contact-form__fields">
          {FIELDS[variant].map((field) => {
            const id = `${idPrefix}-${field.name}`;
            const error = errors[field.name];
            const common = {
              id,
              name: field.name,
              value: values[field.name],
              maxLength: CONTACT_FIELD_LIMITS[field.name],
              'aria-invalid': error ? true : undefined,
              'aria-describedby': error ? `${id}-error` : undefined,
              readOnly: sending,
            };
            return (
              <div key={field.name} className={`field contact-form__field contact-form__field--${field.name}`}>
                <label htmlFor={id}>{t(`fields.${field.name}`)}</label>
                {field.multiline ? (
                  <textarea {...common} rows={5} onChange={(event) => change(field.name, event.currentTarget.value)} />
                ) : (
                  <input
                    {...common}
                    type={field.type}
                    autoComplete={field.autoComplete}
                    inputMode={field.type === 'tel' ? 'tel' : undefined}
                    onChange={(event) => change(field.name, event.currentTarget.value)}
                  />
                )}
                {error && (
                  <p id={`${id}-error`} className="field__error">
                    {t(error)}
                  </p>
                )}
              </div>
            );
          })}
        </div>
        <div className="contact-form__footer">
          <button type="submit" className="button button--accent contact-form__submit" disabled={sending}>
            {sending ? t('sending') : t('send')}
          </button>
          <p className="contact-form__consent">{t('consent')}</p>
        </div>
      </form>
      {status === 'success' && <Popup tone="success" onClose={dismiss} />}
      {status === 'error' && <Popup tone="error" onClose={dismiss} />}
    </>
  );
}
