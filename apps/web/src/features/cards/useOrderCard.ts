import type { CardType, OrderCardPayload, OrderCardResponse } from '@bank/contracts/cards/cards';
import type { ErrorBody } from '@bank/contracts/errors';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { endedTheSession, SubmissionKeys } from '../../lib/submitTransaction';
import { formatMoney } from '../../ui/formatMoney';
import { useFailureText } from '../../ui/useFailureText';
import { useSchemaForm } from '../../ui/useSchemaForm';
import { reloadAfterMoneyMoved } from '../accounts';
import { selectUser, selectUserToken } from '../auth';
import { orderCard } from './cardsApi';
import { cardAccountFor, deliveryPrefill, EMPTY_ORDER, orderFieldErrors, orderFormSchema, orderRefusalKind, orderRequestOf, unpaidFee } from './orderRequest';

/**
 * Ordering a card in two steps: the form (type, USD account, a physical card's address), checked
 * with the contract's rules, then the review with the fee, which the client confirms. The order
 * goes with one idempotency key, reused only while an answer is lost, so it never charges twice.
 * A refusal naming a field takes the client back to it; any other is said in a sentence.
 */
export function useOrderCard(onOrdered: () => void) {
  const { t, i18n } = useTranslation('cards');
  const language = i18n.resolvedLanguage ?? 'en';
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectUserToken);
  const user = useAppSelector(selectUser);
  const accounts = useAppSelector((state) => state.user.accountsList);
  const accountsLoading = useAppSelector((state) => state.user.isLoading);
  const [type, setType] = useState<CardType>('virtual');
  const initial = useRef({ ...EMPTY_ORDER, ...deliveryPrefill(user) });
  const form = useSchemaForm(orderFormSchema(type), initial.current);
  const [review, setReview] = useState<OrderCardPayload | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [result, setResult] = useState<OrderCardResponse | null>(null);
  const keys = useRef(new SubmissionKeys());
  const reasonOf = useFailureText('cards');
  const chosenAccount = form.values.accountNumber;
  const chooseAccount = form.field('accountNumber').onValue;
  const setTypeValue = form.field('type').onValue;

  // The account follows the accounts once they arrive: the only USD account is chosen for the client.
  useEffect(() => {
    const next = cardAccountFor(accounts, chosenAccount);
    if (next !== chosenAccount) chooseAccount(next);
  }, [accounts]);

  const pickType = (value: CardType) => {
    setType(value);
    setTypeValue(value);
  };

  /** Step 1 → 2: the review, when the form holds; false when a field must be corrected. */
  const proceed = (): boolean => {
    const values = form.submit();
    if (!values) return false;
    setRefusal(null);
    setReview(orderRequestOf(values));
    return true;
  };

  const refusalText = (status: number, body: ErrorBody | null): string => {
    const kind = orderRefusalKind(status, body);
    const fee = unpaidFee(body);
    if (kind === 'insufficientFunds' && fee) return t('order.insufficientFunds', { fee: formatMoney(fee.amount, fee.currency, language) });
    if (kind === 'unknown') return t('order.unknown');
    const reason = reasonOf(body);
    return reason ? `${t('order.failed')} ${reason}` : t('order.failed');
  };

  /** Step 2: the order itself. Answers whether the form's fields have errors to show. */
  const confirm = async (): Promise<boolean> => {
    if (!review || busy) return false;
    setBusy(true);
    setRefusal(null);
    setResult(null);
    const { outcome, answer } = await orderCard(token, review, keys.current);
    setBusy(false);
    setReview(null);
    if (endedTheSession(outcome)) return false;
    if (outcome.ok) {
      void dispatch(reloadAfterMoneyMoved());
      onOrdered();
      setResult(answer);
      // A fresh form for the next card, of the same type and on the same account.
      form.reset();
      setTypeValue(review.type);
      chooseAccount(review.accountNumber);
      return false;
    }
    const fields = orderFieldErrors(outcome.body?.fields);
    if (Object.keys(fields).length > 0) {
      form.setServerErrors(fields);
      return true;
    }
    setRefusal(refusalText(outcome.status, outcome.body));
    return false;
  };

  return {
    form,
    type,
    pickType,
    accounts,
    accountsLoading,
    review,
    busy,
    refusal,
    result,
    proceed,
    back: () => setReview(null),
    confirm,
    closeResult: () => setResult(null),
  };
}

export type OrderCard = ReturnType<typeof useOrderCard>;
