import { STANDING_ORDER_FREQUENCIES } from '@bank/contracts/transfers/standing-orders';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../ui/DateField';
import { InputField, SelectField } from '../../ui/FormField';
import type { FieldErrors } from './formErrors';
import { REPEAT_ENDS, repeats, takesDayOfMonth, type RepeatValues } from './repeat';

/**
 * "Repeat" on a transfer form: when ticked, the submission makes a standing order (weekly, monthly
 * on a day, or quarterly, from a start date until a date, a number of payments or cancellation).
 */
export function RepeatFields({ values, errors, change }: { values: RepeatValues; errors: FieldErrors; change: (field: keyof RepeatValues, value: string) => void }) {
  const { t } = useTranslation('transfers');
  const field = (name: keyof RepeatValues) => ({ value: values[name], onValue: (value: string) => change(name, value), error: errors[name], name });
  return (
    <fieldset className="transfer-form__section repeat-fields">
      <legend>{t('repeat.section')}</legend>
      <label className="repeat-fields__switch">
        <input type="checkbox" checked={repeats(values)} onChange={(event) => change('repeat', event.currentTarget.checked ? 'on' : '')} />
        {t('repeat.toggle')}
      </label>
      <p className="transfer-form__note">{t(repeats(values) ? 'repeat.noteOn' : 'repeat.noteOff')}</p>
      {repeats(values) ? (
        <>
          <div className="field-row">
            <SelectField
              label={t('repeat.frequency')}
              {...field('frequency')}
              required
              options={STANDING_ORDER_FREQUENCIES.map((frequency) => ({ value: frequency, label: t(`repeat.frequencies.${frequency}`) }))}
            />
            {takesDayOfMonth(values.frequency) ? (
              <InputField label={t('repeat.dayOfMonth')} {...field('dayOfMonth')} inputMode="numeric" autoComplete="off" maxLength={2} hint={t('repeat.hints.dayOfMonth')} />
            ) : null}
          </div>
          <div className="field-row">
            <DateField
              label={t('repeat.startDate')}
              {...field('startDate')}
              required
              hint={t(values.frequency === 'weekly' ? 'repeat.hints.startWeekly' : 'repeat.hints.startDate')}
            />
            <SelectField
              label={t('repeat.ends')}
              {...field('endKind')}
              options={REPEAT_ENDS.map((end) => ({ value: end, label: t(`repeat.endKinds.${end}`) }))}
            />
          </div>
          {values.endKind === 'date' ? (
            <div className="field-row">
              <DateField label={t('repeat.endDate')} {...field('endDate')} required />
            </div>
          ) : null}
          {values.endKind === 'count' ? (
            <div className="field-row">
              <InputField label={t('repeat.count')} {...field('count')} inputMode="numeric" autoComplete="off" maxLength={3} required />
            </div>
          ) : null}
        </>
      ) : null}
    </fieldset>
  );
}
