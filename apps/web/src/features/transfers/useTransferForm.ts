import type { ErrorBody } from '@bank/contracts/errors';
import type { CreateTransactionPayload } from '@bank/contracts/transfers/create-transaction';
import { useCallback, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { endedTheSession, SubmissionKeys, submitTransaction } from '../../lib/submitTransaction';
import { reloadAfterMoneyMoved, selectToken } from '../accounts';
import { serverFieldErrors, withoutError, type FieldErrors } from './formErrors';
import { clearDraft, loadDraft, saveDraft, type DraftKind } from './transferDraft';

export type TransferResult = { ok: true } | { ok: false; body: ErrorBody | null };

/**
 * The state of one transfer form: its values (kept as the stored draft while the client types),
 * the field errors (each cleared when its field is edited), and the submission with its
 * idempotency key. After every attempt the stored draft is cleared (SPEC §2); after a success the
 * balances and the transaction list are reloaded (SPEC §4).
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

  const send = useCallback(
    async (payload: CreateTransactionPayload): Promise<TransferResult> => {
      setSending(true);
      const outcome = await submitTransaction(payload, token, keys.current);
      clearDraft(kind, clientId);
      setSending(false);
      const settled: TransferResult = outcome.ok ? { ok: true } : { ok: false, body: outcome.body };
      if (endedTheSession(outcome)) return settled;
      if (outcome.ok) {
        void dispatch(reloadAfterMoneyMoved());
        setValues(empty);
        current.current = empty;
      } else {
        setErrors(serverFieldErrors(outcome.body));
      }
      setResult(settled);
      return settled;
    },
    [clientId, dispatch, empty, kind, token],
  );

  const dismissResult = useCallback(() => setResult(null), []);
  return { values, change, errors, setErrors, sending, send, result, dismissResult };
}
