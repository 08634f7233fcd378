import { useCallback, useState, type FormEvent } from 'react';
import type { ContactFieldErrors, ContactFormVariant } from './submit';

export type ContactField = 'name' | 'email' | 'phone' | 'message';
export type ContactValues = Record<ContactField, string>;
/** docs/product.md#states: idle, then sending (button disabled, loading label), then the success or error popup. */
export type ContactStatus = 'idle' | 'sending' | 'success' | 'error';

const EMPTY: ContactValues = { name: '', email: '', phone: '', message: '' };

let submitModule: Promise<typeof import('./submit')> | undefined;
/** Loads validation and sending once; a failed load is retried on the next attempt. */
export function loadSubmitModule(): Promise<typeof import('./submit')> {
  submitModule ??= import('./submit').catch((error: unknown) => {
    submitModule = undefined;
    throw error;
  });
  return submitModule;
}

/** The form's own state (the public pages have no Redux store). */
export function useContactForm(variant: ContactFormVariant, onInvalid: (errors: ContactFieldErrors) => void) {
  const [values, setValues] = useState<ContactValues>(EMPTY);
  const [errors, setErrors] = useState<ContactFieldErrors>({});
  const [status, setStatus] = useState<ContactStatus>('idle');

  /** docs/product.md#validation: an error clears when its field is edited. */
  const change = useCallback((field: ContactField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _cleared, ...rest } = current;
      return rest;
    });
  }, []);

  const submit = useCallback(
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (status === 'sending') return;
      let module: typeof import('./submit');
      try {
        module = await loadSubmitModule();
      } catch {
        setStatus('error');
        return;
      }
      const checked = module.validateContactForm(variant, values);
      if (!checked.ok) {
        setErrors(checked.errors);
        onInvalid(checked.errors);
        return;
      }
      setErrors({});
      setStatus('sending');
      const result = await module.sendContactForm(checked.request);
      if (result.ok) {
        setValues(EMPTY);
        setStatus('success');
      } else if (result.errors) {
        setErrors(result.errors);
        setStatus('idle');
        onInvalid(result.errors);
      } else {
        setStatus('error');
      }
    },
    [onInvalid, status, values, variant],
  );

  const dismiss = useCallback(() => setStatus('idle'), []);

  return { values, errors, status, change, submit, dismiss };
}
