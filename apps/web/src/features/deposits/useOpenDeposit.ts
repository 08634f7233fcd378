import { depositTermsSchema, type Deposit, type DepositQuote, type DepositTerms } from '@bank/contracts/deposits/index';
import type { ErrorBody } from '@bank/contracts/errors';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ApiError } from '../../lib/api';
import { serverFieldErrors } from '../../lib/formValidation';
import { endedTheSession, SubmissionKeys } from '../../lib/submitTransaction';
import { useSchemaForm } from '../../ui/useSchemaForm';
import { reloadAfterMoneyMoved } from '../accounts';
import { selectUserToken } from '../auth';
import { fetchDepositQuote, openDeposit, quoteChangedIn } from './depositsApi';
import { fundingAccountFor, offeredCurrency } from './depositTerms';

/** The form's first values: the first currency of the tariff, a year, interest every month. */
const EMPTY = { currency: 'EUR', accNumberFrom: '', amount: '', termMonths: '12', payoutMonths: '1' };

/** The end of an opening: the deposit opened (null when the bank answered without it), or why not. */
export type OpenOutcome = { ok: true; deposit: Deposit | null } | { ok: false; body: ErrorBody | null };

/**
 * Opening a deposit in two steps: the terms, checked with the contract the server uses, then the
 * bank's quote for exactly those terms, which the client confirms. The confirmation sends the
 * quoted terms with one idempotency key (reused only while an answer is lost). A refusal naming a
 * field takes the client back to the form with the error under that field.
 */
export function useOpenDeposit(onOpened: () => void) {
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectUserToken);
  const accounts = useAppSelector((state) => state.user.accountsList);
  const accountsLoading = useAppSelector((state) => state.user.isLoading);
  const form = useSchemaForm(depositTermsSchema, EMPTY);
  const [quoted, setQuoted] = useState<{ terms: DepositTerms; quote: DepositQuote; changed?: boolean } | null>(null);
  const [busy, setBusy] = useState<'quoting' | 'opening' | null>(null);
  /** Why the last quote was refused, when no field explains it (a field's error shows under it). */
  const [quoteProblem, setQuoteProblem] = useState<{ body: ErrorBody | null } | null>(null);
  const [outcome, setOutcome] = useState<OpenOutcome | null>(null);
  const keys = useRef(new SubmissionKeys());
  const { currency, accNumberFrom } = form.values;
  const setCurrency = form.field('currency').onValue;
  const chooseAccount = form.field('accNumberFrom').onValue;
  /** Whether the client has picked the currency: until then the form offers one the client can fund. */
  const currencyPicked = useRef(false);

  // The currency (until picked) and the funding account follow the accounts, once they arrive, and
  // the account follows the currency. The account chosen is not a cause: the client's choice stays.
  useEffect(() => {
    const offered = currencyPicked.current ? currency : offeredCurrency(accounts, currency);
    if (offered !== currency) return setCurrency(offered);
    const next = fundingAccountFor(accounts, currency, accNumberFrom);
    if (next !== accNumberFrom) chooseAccount(next);
  }, [accounts, currency]);

  /** Step 1 → 2: the quote for the terms; false when the terms or the bank refused them. */
  const calculate = async (): Promise<boolean> => {
    const terms = form.submit();
    if (!terms || busy) return false;
    setBusy('quoting');
    setQuoteProblem(null);
    try {
      setQuoted({ terms, quote: await fetchDepositQuote(token, terms) });
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.isInvalidAuthorization) return false;
      const body = error instanceof ApiError ? error.body : null;
      const fields = serverFieldErrors(body?.fields);
      if (Object.keys(fields).length > 0) form.setServerErrors(fields);
      else setQuoteProblem({ body });
      return false;
    } finally {
      setBusy(null);
    }
  };

  const back = useCallback(() => setQuoted(null), []);

  /** Step 2: opens the deposit quoted. */
  const confirm = async () => {
    if (!quoted || busy) return;
    setBusy('opening');
    const { outcome: sent, answer } = await openDeposit(token, quoted.terms, quoted.quote, keys.current);
    setBusy(null);
    if (endedTheSession(sent)) return;
    const changed = sent.ok ? null : quoteChangedIn<DepositQuote>(sent.body);
    if (changed) {
      // The rates or the bank's day moved since the quote: the new one is shown to confirm again.
      setQuoted({ terms: quoted.terms, quote: changed, changed: true });
      return;
    }
    if (sent.ok) {
      void dispatch(reloadAfterMoneyMoved());
      onOpened();
      // A fresh form for the next deposit, from the same account.
      form.reset();
      setCurrency(quoted.terms.currency);
      chooseAccount(quoted.terms.accNumberFrom);
      setQuoted(null);
      setOutcome({ ok: true, deposit: answer });
      return;
    }
    const fields = serverFieldErrors(sent.body?.fields);
    if (Object.keys(fields).length > 0) {
      form.setServerErrors(fields);
      setQuoted(null);
    }
    setOutcome({ ok: false, body: sent.body });
  };

  return {
    form,
    /** The currency select's change: the client's pick, which the form then keeps. */
    pickCurrency(value: string) {
      currencyPicked.current = true;
      setCurrency(value);
    },
    accounts,
    accountsLoading,
    quoted,
    busy,
    quoteProblem,
    calculate,
    back,
    confirm,
    outcome,
    closeOutcome: useCallback(() => setOutcome(null), []),
  };
}

export type OpenDeposit = ReturnType<typeof useOpenDeposit>;
