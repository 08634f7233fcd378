import { useState } from 'react';
import type { z } from 'zod';
import { validate, type FieldErrors } from '../lib/formValidation';
import { useTypedValues } from '../prerender/typedValues';

/**
 * The state of a form validated by a contracts schema, and the wiring of its fields: each field's
 * value, change and blur, and its errors once the client has left the field or tried to submit (a
 * server's field errors show at once, until the field is edited). A form declares its fields with
 * `field(name)`, spread into a field of the kit.
 */
export function useSchemaForm<Values extends Record<string, string>, Output>(
  schema: z.ZodType<Output>,
  initial: Values,
  options: { toInput?: (values: Values) => unknown; onEdit?: () => void } = {},
) {
  const [values, setValues] = useState<Values>(initial);
  useTypedValues(Object.keys(initial), (typed) => setValues((current) => ({ ...current, ...typed })));
  const [touched, setTouched] = useState<Partial<Record<keyof Values, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const result = validate(schema, options.toInput ? options.toInput(values) : values);
  const errors: FieldErrors = result.errors ?? {};

  const shown = (name: keyof Values & string) => serverErrors[name] ?? (submitted || touched[name] ? errors[name] : undefined);
  const field = (name: keyof Values & string) => ({
    name,
    value: values[name],
    onValue: (value: string) => {
      setValues((current) => ({ ...current, [name]: value }));
      setServerErrors(({ [name]: _edited, ...rest }) => rest);
      options.onEdit?.();
    },
    onBlur: () => setTouched((current) => ({ ...current, [name]: true })),
    error: shown(name),
  });

  return {
    values,
    field,
    /** The parsed values when the form is valid; otherwise null, and every error shows. */
    submit(): Output | null {
      setSubmitted(true);
      return result.data;
    },
    setServerErrors,
    reset() {
      setValues(initial);
      setTouched({});
      setSubmitted(false);
      setServerErrors({});
    },
  };
}
