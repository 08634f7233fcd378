import type { ErrorBody } from '@bank/contracts/errors';
import { exchangePayloadSchema, rateChangedDetailsSchema, type ExchangePayload } from '@bank/contracts/exchange/create-exchange';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { endedTheSession, SubmissionKeys, submitTransaction } from '../../lib/submitTransaction';
import { reloadAfterMoneyMoved, selectToken } from '../accounts';
import { loadWallets } from '../crypto';
import { fetchConversionQuote, type QuoteState } from './conversionQuote';
import { conversionRequested, conversionReset, rateChanged, selectConversion } from './currencySlice';
import { recomputeAmounts, settledAmounts, type ExchangeAmounts } from './exchangeAmounts';
import { isCryptoConversion, sideOf } from './exchangeSides';

export type ExchangeStep = 0 | 1;
/** A crypto conversion that was 'Created' waits for the bank's approval (docs/product.md#tariffs-and-limits); an exchange is done. */
export type ExchangeOutcome = { ok: true; awaitsApproval: boolean } | { ok: false; body: ErrorBody | null };
type FieldErrors = Partial<Record<'accNumberFrom' | 'accNumberTo' | 'amount' | 'toAmount', string>>;

const NO_AMOUNTS: ExchangeAmounts = { amount: '', toAmount: '', edited: 'amount' };

/**
 * The exchange flow of docs/product.md#states: the form (step 0) with the rate of the chosen pair (the rate lookup of
 * docs/product.md#client-calls, amount 1) and either amount recomputed from the other, then the summary (step 1). The
 * confirmed rate is sent with the exchange; a 409 RATE_CHANGED brings the new rate, shown on the
 * summary for the client to confirm again.
 *
 * Either side may be a crypto wallet: that is a crypto conversion (docs/product.md#tariffs-and-limits). Its summary shows the
 * bank's quote for the amount (the fee of its tier and the total debited), and the same exchange
 * payload is sent with the wallet's address, to wait for the bank's approval.
 */
export function useExchange() {
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectToken);
  const accounts = useAppSelector((state) => state.user.accountsList);
  const wallets = useAppSelector((state) => state.user.walletsList);
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
  const [quote, setQuote] = useState<QuoteState>({ status: 'idle' });
  const [quoteAttempt, setQuoteAttempt] = useState(0);
  const keys = useRef(new SubmissionKeys());

  const fromSide = sideOf(accNumberFrom, accounts, wallets);
  const toSide = sideOf(accNumberTo, accounts, wallets);
  const from = fromSide?.currency ?? null;
  const to = toSide?.currency ?? null;
  const cryptoConversion = isCryptoConversion(fromSide, toSide);
  const pairReady = from !== null && to !== null && from !== to;
  // A rate of another pair (still shown while the new one loads) must never price this one.
  const rate = pairReady && conversion.conversionResult?.from === from && conversion.conversionResult.to === to ? conversion.rate : null;

  // docs/product.md#states: a reset when the screen opens and when it closes clears amounts, currencies and rate.
  useEffect(() => {
    dispatch(conversionReset());
    return () => {
      dispatch(conversionReset());
    };
  }, [dispatch]);

  // docs/product.md#client-calls: the rate lookup with amount 1 once both accounts are chosen.
  useEffect(() => {
    if (!pairReady) return;
    const request = dispatch(conversionRequested({ from, to, amount: '1' }));
    return () => request.abort();
  }, [dispatch, from, to, pairReady, rateAttempt]);
  const retryRate = useCallback(() => setRateAttempt((attempt) => attempt + 1), []);

  // A crypto conversion's summary quotes the amount itself: its fee tier depends on the volume.
  useEffect(() => {
    if (step !== 1 || !cryptoConversion || !from || !to) {
      setQuote({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setQuote({ status: 'loading' });
    fetchConversionQuote(token, from, to, amounts.amount, controller.signal).then(
      (answer) => setQuote({ status: 'ready', quote: answer }),
      () => {
        if (!controller.signal.aborted) setQuote({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [step, cryptoConversion, from, to, amounts.amount, quoteAttempt, token]);
  const retryQuote = useCallback(() => setQuoteAttempt((attempt) => attempt + 1), []);

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

  /**
   * What confirming sends: for a crypto conversion, the amount received and the rate of the quote
   * on the summary (nothing is sent before it is shown); for an exchange, the form's.
   */
  const confirmedPayload = useMemo<ExchangePayload | null>(() => {
    if (!payload || !cryptoConversion) return payload;
    return quote.status === 'ready' ? { ...payload, toAmount: quote.quote.convertedAmount, rate: quote.quote.rate } : null;
  }, [payload, cryptoConversion, quote]);

  /** docs/product.md#validation: Next is disabled while loading or when either account or either amount is missing. */
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
    if (!confirmedPayload || sending) return;
    setSending(true);
    const result = await submitTransaction(confirmedPayload, token, keys.current);
    setSending(false);
    if (endedTheSession(result)) return;
    if (result.ok) {
      void dispatch(reloadAfterMoneyMoved());
      if (cryptoConversion) void dispatch(loadWallets());
      setOutcome({ ok: true, awaitsApproval: cryptoConversion });
      return;
    }
    const moved = result.body?.code === 'RATE_CHANGED' ? rateChangedDetailsSchema.safeParse(result.body.details) : null;
    if (moved?.success) {
      // The sold amount stays; the amount received follows the new rate, shown for a new confirmation.
      dispatch(rateChanged(moved.data.rate));
      setAmounts((current) => ({ ...current, edited: 'amount' }));
      // A conversion's summary shows the bank's quote: ask for it again at the new rate.
      if (cryptoConversion) retryQuote();
      setRateMoved(true);
      return;
    }
    setOutcome({ ok: false, body: result.body });
  }, [confirmedPayload, cryptoConversion, dispatch, retryQuote, sending, token]);

  /** OK on the result: back to the form (docs/product.md#states), emptied after a success. */
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
    wallets,
    accNumberFrom,
    accNumberTo,
    chooseFrom,
    chooseTo,
    from,
    to,
    fromSide,
    toSide,
    cryptoConversion,
    quote,
    retryQuote,
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
    /** The summary can be confirmed: always for an exchange, once the quote is shown for a conversion. */
    canConfirm: confirmedPayload !== null,
    sending,
    rateMoved,
    outcome,
    closeOutcome,
  };
}
