import type { ErrorBody } from '@bank/contracts/errors';
import type { CreateTransactionPayload } from '@bank/contracts/transfers/create-transaction';
import type { CreateStandingOrderPayload, StandingOrder } from '@bank/contracts/transfers/standing-orders';
import { useCallback, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ApiError } from '../../lib/api';
import { endedTheSession, SubmissionKeys, submitTransaction, type SubmissionOutcome } from '../../lib/submitTransaction';
import { reloadAfterMoneyMoved, selectToken } from '../accounts';
import { createStandingOrder } from '../schedules';
import { serverFieldErrors, withoutError, type FieldErrors } from './formErrors';
import { standingOrderServerErrors } from './repeat';
import { clearDraft, loadDraft, saveDraft, type DraftKind } from './transferDraft';

/** The end of a submission: a transfer sent, a standing order made (`order`), or why not. */
export type TransferResult = { ok: true; order?: StandingOrder } | { ok: false; body: ErrorBody | null };

/** POST /api/standing-orders with the form's key, so a resent submission whose answer was lost makes one order. */
async function submitStandingOrder(request: CreateStandingOrderPayload, token: string | null, keys: SubmissionKeys): Promise<{ outcome: SubmissionOutcome; order?: StandingOrder }> {
  try {
    const order = await createStandingOrder(token, request, keys.keyFor(request));
    const outcome: SubmissionOutcome = { ok: true };
    keys.settled(outcome);
    return { outcome, order };
  } catch (error) {
    const outcome: SubmissionOutcome = error instanceof ApiError ? { ok: false, status: error.status, body: error.body } : { ok: false, status: 0, body: null };
    keys.settled(outcome);
    return { outcome };
  }
}

/**
 * The state of one transfer form: its values (kept as the stored draft while the client types),
 * the field errors (each cleared when its field is edited), and the submission with its
 * idempotency key. After every attempt the stored draft is cleared (docs/product.md#screens-and-routes); after a success the
 * balances and the transaction list are reloaded (docs/product.md#states).
 */
export function useTransferForm<V extends Record<string, string>>(kind: DraftKind, empty: V) {
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectToken);
  const clientId = useAppSelector((state) => state.user.user.clientId ?? '');
  const [values, setValues] = useState<V>(() => loadDraft(kind, clientId, empty));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<TransferResult | null>(null);
  const current = useRef(values);
  current.current = values;
  const keys = useRef(new SubmissionKeys());

  const change = useCallback(
    (field: keyof V & string, value: string) => {
      const next = { ...current.current, [field]: value };
      current.current = next;
      setValues(next);
      saveDraft(kind, clientId, next);
      setErrors((previous) => withoutError(previous, field));
    },
    [clientId, kind],
  );

  const settle = useCallback(
    (outcome: SubmissionOutcome, order: StandingOrder | undefined, fieldErrors: (body: ErrorBody | null) => FieldErrors): TransferResult => {
      clearDraft(kind, clientId);
      setSending(false);
      const settled: TransferResult = outcome.ok ? { ok: true, order } : { ok: false, body: outcome.body };
      if (endedTheSession(outcome)) return settled;
      if (outcome.ok) {
        void dispatch(reloadAfterMoneyMoved());
        setValues(empty);
        current.current = empty;
      } else {
        setErrors(fieldErrors(outcome.body));
      }
      setResult(settled);
      return settled;
    },
    [clientId, dispatch, empty, kind],
  );

  const send = useCallback(
    async (payload: CreateTransactionPayload): Promise<TransferResult> => {
      setSending(true);
      return settle(await submitTransaction(payload, token, keys.current), undefined, serverFieldErrors);
    },
    [settle, token],
  );

  /** The same form made into a standing order (Repeat on): the order is made, nothing moves today. */
  const sendOrder = useCallback(
    async (request: CreateStandingOrderPayload): Promise<TransferResult> => {
      setSending(true);
      const { outcome, order } = await submitStandingOrder(request, token, keys.current);
      return settle(outcome, order, standingOrderServerErrors);
    },
    [settle, token],
  );

  const dismissResult = useCallback(() => setResult(null), []);
  return { values, change, errors, setErrors, sending, send, sendOrder, result, dismissResult };
}
