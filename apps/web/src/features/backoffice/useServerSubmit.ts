import { useState } from 'react';
import { ApiError } from '../../lib/api';
import { serverFieldErrors, type FieldErrors } from '../../lib/formValidation';

/**
 * The submission of a back-office form: one call at a time, the server's field errors shown at
 * their fields, anything else kept as the form's failure to show above its button.
 */
export function useServerSubmit() {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  async function run<T>(form: { setServerErrors: (errors: FieldErrors) => void }, call: () => Promise<T>, done: (answer: T) => void): Promise<void> {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      done(await call());
    } catch (error) {
      if (error instanceof ApiError && error.body?.fields) form.setServerErrors(serverFieldErrors(error.body.fields));
      else setFailure(error);
    } finally {
      setBusy(false);
    }
  }
  return { busy, failure, run, clearFailure: () => setFailure(null) };
}
