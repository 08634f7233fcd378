import { OPERATOR_ROLES } from '@bank/contracts/backoffice/roles';
import { useId, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKeys, LabelText, TextAreaField, useFieldErrorText, type FieldError } from '../../ui/FormField';

/** The roles of an operator, as the form keeps them: one text of names joined by commas. */
export function rolesFromText(text: string): string[] {
  return text
    .split(',')
    .map((role) => role.trim())
    .filter(Boolean);
}

/** An operator's roles to choose, as checkboxes in a group named by its legend. */
export function RolesField({
  label,
  value,
  onValue,
  onBlur,
  error,
  required,
}: {
  label: string;
  value: string;
  onValue: (value: string) => void;
  onBlur?: () => void;
  error?: FieldError;
  required?: boolean;
  name?: string;
}) {
  const { t } = useTranslation('backoffice');
  const errorText = useFieldErrorText();
  const errorId = useId();
  const chosen = rolesFromText(value);
  const errors = errorKeys(error);
  function toggle(role: string, on: boolean) {
    // Kept in the contracts' order whatever order they were ticked in.
    onValue(OPERATOR_ROLES.filter((name) => (name === role ? on : chosen.includes(name))).join(','));
  }
  return (
    <fieldset className="backoffice-choices" aria-describedby={errors.length > 0 ? errorId : undefined} onBlur={onBlur}>
      <legend>
        <LabelText label={label} required={required} />
      </legend>
      <div className="backoffice-choices__options">
        {OPERATOR_ROLES.map((role) => (
          <label key={role} className="backoffice-choice">
            <input type="checkbox" name="roles" value={role} checked={chosen.includes(role)} onChange={(event) => toggle(role, event.currentTarget.checked)} />
            {t(`roles.${role}`)}
          </label>
        ))}
      </div>
      {errors.length > 0 ? (
        <span id={errorId} className="field__error">
          {errors.map(errorText).join(' ')}
        </span>
      ) : null}
    </fieldset>
  );
}

/** A reason of a few sentences, in the frame of the app's form fields. */
export function ReasonField(props: ComponentProps<typeof TextAreaField>) {
  return <TextAreaField rows={3} {...props} />;
}
