import type { ErrorBody } from '@bank/contracts/errors';
import { exchangePayloadSchema, rateChangedDetailsSchema, type ExchangePayload } from '@bank/contracts/exchange/create-exchange';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { endedTheSession, SubmissionKeys, submitTransaction } from '../../lib/submitTransaction';
import { accountCurrency, reloadAfterMoneyMoved, selectToken } from '../accounts';
import { conversionRequested, conversionReset, rateChanged, selectConversion } from './currencySlice';
import { recomputeAmounts, settledAmounts, type ExchangeAmounts } from './exchangeAmounts';

export type ExchangeStep = 0 | 1;
export type ExchangeOutcome = { ok: true } | { ok: false; body: ErrorBody | null };
type FieldErrors = Partial<Record<'accNumberFrom' | 'accNumberTo' | 'amount' | 'toAmount', string>>;

const NO_AMOUNTS: ExchangeAmounts = { amount: '', toAmount: '', edited: 'amount' };

/**
 * The exchange flow of SPEC §4: the form (step 0) with the rate of the chosen pair (SPEC §7's rate
 * lookup, amount 1) and either amount recomputed from the other, then the summary (step 1). The
 * confirmed rate is sent with the exchange; a 409 RATE_CHANGED brings the new rate, shown on the
 * summary for the client to confirm again.
 */
export function useExchange() {
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectToken);
  const accounts = useAppSelector((state) => state.user.accountsList);
  const conversion = useAppSelector(selectConversion);
  const [accNumberFrom, setAccNumberFrom] = useState('');
  const [accNumberTo, setAccNumberTo] = useState('');
  const [amounts, setAmounts] = useState<ExchangeAmounts>(NO_AMOUNTS);
  const [step, setStep] = useState<ExchangeStep>(0);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);
  const [rateMoved, setRateMoved] = useState(false);
  const [outcome, setOutcome] = useState<ExchangeOutcome | null>(null);
  const [rateAttempt, setRateAttempt] = useState(0);
  const keys = useRef(new SubmissionKeys());

  const from = accountCurrency(accounts.find((account) => account.number === accNumberFrom));
  const to = accountCurrency(accounts.find((account) => account.number === accNumberTo));
  const pairReady = from !== null && to !== null && from !== to;
  // A rate of another pair (still shown while the new one loads) must never price this one.
  const rate = pairReady && conversion.conversionResult?.from === from && conversion.conversionResult.to === to ? conversion.rate : null;

  // SPEC §4: a reset when the screen opens and when it closes clears amounts, currencies and rate.
  useEffect(() => {
    dispatch(conversionReset());
    return () => {
      dispatch(conversionReset());
    };
  }, [dispatch]);

  // SPEC §7: the rate lookup with amount 1 once both accounts are chosen.
  useEffect(() => {
    if (!pairReady) return;
    const request = dispatch(conversionRequested({ from, to, amount: '1' }));
    return () => request.abort();
  }, [dispatch, from, to, pairReady, rateAttempt]);
  const retryRate = useCallback(() => setRateAttempt((attempt) => attempt + 1), []);

  // The amount typed last stays; the other follows the rate whenever the rate or pair changes.
  useEffect(() => {
    setAmounts((current) => recomputeAmounts(current, from, to, rate));
  }, [from, to, rate]);

  const editAmount = useCallback(
    (field: 'amount' | 'toAmount', value: string) => {
      setAmounts((current) => recomputeAmounts({ ...current, [field]: value, edited: field }, from, to, rate));
      setErrors(({ amount: _amount, toAmount: _toAmount, ...rest }) => rest);
    },
    [from, to, rate],
  );

  const chooseFrom = useCallback((number: string) => {
    setAccNumberFrom(number);
    setErrors(({ accNumberFrom: _cleared, ...rest }) => rest);
  }, []);
  const chooseTo = useCallback((number: string) => {
    setAccNumberTo(number);
    setErrors(({ accNumberTo: _cleared, ...rest }) => rest);
  }, []);

  const payload = useMemo<ExchangePayload | null>(
    () =>
      from && to && rate
        ? {
            type: 'exchange',
            accNumberFrom,
            accNumberTo,
            amount: amounts.amount,
            forAmountCurrency: from,
            toAmount: amounts.toAmount,
            getAmountCurrency: to,
            rate,
          }
        : null,
    [accNumberFrom, accNumberTo, amounts.amount, amounts.toAmount, from, rate, to],
  );

  /** SPEC §5: Next is disabled while loading or when either account or either amount is missing. */
  const canGoNext = !conversion.loading && accNumberFrom !== '' && accNumberTo !== '' && amounts.amount !== '' && amounts.toAmount !== '' && rate !== null;

  const next = useCallback((): boolean => {
    if (!payload) return false;
    const parsed = exchangePayloadSchema.safeParse(payload);
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) === 'getAmountCurrency' ? 'accNumberTo' : (String(issue.path[0]) as keyof FieldErrors);
        found[field] ??= issue.message;
      }
      setErrors(found);
      return false;
    }
    if (from && to && rate) setAmounts((current) => settledAmounts(current, from, to, rate));
    setRateMoved(false);
    setStep(1);
    return true;
  }, [payload, from, to, rate]);

  const back = useCallback(() => {
    setRateMoved(false);
    setStep(0);
  }, []);

  const confirm = useCallback(async () => {
    if (!payload || sending) return;
    setSending(true);
    const result = await submitTransaction(payload, token, keys.current);
    setSending(false);
    if (endedTheSession(result)) return;
    if (result.ok) {
      void dispatch(reloadAfterMoneyMoved());
      setOutcome({ ok: true });
      return;
    }
    const moved = result.body?.code === 'RATE_CHANGED' ? rateChangedDetailsSchema.safeParse(result.body.details) : null;
    if (moved?.success) {
      // The sold amount stays; the amount received follows the new rate, shown for a new confirmation.
      dispatch(rateChanged(moved.data.rate));
      setAmounts((current) => ({ ...current, edited: 'amount' }));
      setRateMoved(true);
      return;
    }
    setOutcome({ ok: false, body: result.body });
  }, [dispatch, payload, sending, token]);

  /** OK on the result: back to the form (SPEC §4), emptied after a success. */
  const succeeded = outcome?.ok === true;
  const closeOutcome = useCallback(() => {
    if (succeeded) {
      setAmounts(NO_AMOUNTS);
      setStep(0);
    }
    setOutcome(null);
  }, [succeeded]);

  return {
    accounts,
    accNumberFrom,
    accNumberTo,
    chooseFrom,
    chooseTo,
    from,
    to,
    amounts,
    editAmount,
    rate,
    conversion,
    retryRate,
    errors,
    step,
    canGoNext,
    next,
    back,
    confirm,
    sending,
    rateMoved,
    outcome,
    closeOutcome,
  };
}
