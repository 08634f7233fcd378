import type { ErrorBody } from '@bank/contracts/errors';
import type { TFunction } from 'i18next';
import type { Currency } from '@bank/contracts/money';
import {
  createStandingOrderRequestSchema,
  type CreateStandingOrderPayload,
  type StandingOrderFrequency,
} from '@bank/contracts/transfers/standing-orders';
import { formatBankDate } from '../../ui/formatBankDate';
import { serverFieldErrors, transferFieldErrors, type FieldErrors } from './formErrors';

/** How a repeated transfer ends: when the client cancels it, on a date, or after a number of payments. */
export const REPEAT_ENDS = ['never', 'date', 'count'] as const;
export type RepeatEnd = (typeof REPEAT_ENDS)[number];

/**
 * The Repeat part of a transfer form, kept in the form's draft as text like its other fields.
 * `repeat` is 'on' when the submission makes a standing order instead of one transfer.
 */
export const REPEAT_EMPTY = {
  repeat: '',
  frequency: 'monthly',
  dayOfMonth: '',
  startDate: '',
  endKind: 'never',
  endDate: '',
  count: '',
};
export type RepeatValues = typeof REPEAT_EMPTY;

export function repeats(values: RepeatValues): boolean {
  return values.repeat === 'on';
}

/** Monthly and quarterly orders run on a day of the month; a weekly one on the start date's weekday. */
export function takesDayOfMonth(frequency: string): boolean {
  return frequency === 'monthly' || frequency === 'quarterly';
}

/** A whole number typed in a field, or the text itself so the schema names it invalid. */
function wholeNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** POST /api/standing-orders for the transfer the form describes (its own date left out: each occurrence is dated by the order). */
export function standingOrderPayload(transfer: CreateStandingOrderPayload['transfer'], values: RepeatValues): CreateStandingOrderPayload {
  const end = values.endKind as RepeatEnd;
  return {
    transfer,
    frequency: values.frequency as StandingOrderFrequency,
    dayOfMonth: takesDayOfMonth(values.frequency) ? wholeNumber(values.dayOfMonth) : undefined,
    startDate: values.startDate,
    endDate: end === 'date' ? values.endDate || null : undefined,
    count: end === 'count' ? (wholeNumber(values.count) ?? Number.NaN) : undefined,
  };
}

/** The order's fields are the form's own; the transfer's ('transfer.recipientDetails.recipientsIban') are named as the form names them. */
function asFormFields(errors: FieldErrors): FieldErrors {
  const named: FieldErrors = {};
  for (const [field, message] of Object.entries(errors)) named[field.replace(/^transfer\.(recipientDetails\.)?/, '')] ??= message;
  return named;
}

/** Checks a standing order with its contracts schema, as transferFieldErrors checks a transfer. */
export function standingOrderFieldErrors(payload: CreateStandingOrderPayload, amountText: string, currency: Currency | null | undefined): FieldErrors {
  const found = asFormFields(transferFieldErrors(createStandingOrderRequestSchema, payload, amountText, currency));
  // An end date left empty is a missing end date, not an open-ended order.
  if (payload.endDate === null) found.endDate ??= 'validation.required';
  return found;
}

export function standingOrderServerErrors(body: ErrorBody | null): FieldErrors {
  return asFormFields(serverFieldErrors(body));
}

/** The order in one line for the review: "Monthly on day 5, from 01.12.2026, 12 payments". */
export function repeatSummary(values: RepeatValues, t: TFunction<'transfers'>): string {
  const frequency = takesDayOfMonth(values.frequency) && values.dayOfMonth.trim()
    ? t('transfers:repeat.summary.onDay', { frequency: t(`repeat.frequencies.${values.frequency}`), day: values.dayOfMonth.trim() })
    : t(`repeat.frequencies.${values.frequency}`);
  const end = values.endKind === 'date'
    ? t('transfers:repeat.summary.until', { date: formatBankDate(values.endDate) })
    : values.endKind === 'count'
      ? t('transfers:repeat.summary.count', { total: Number(values.count) })
      : t('transfers:repeat.summary.untilCanceled');
  return t('transfers:repeat.summary.line', { frequency, start: formatBankDate(values.startDate), end });
}
