import type { ListKycResponse } from '@bank/contracts/kyc/list-kyc';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { apiRequest } from '../../lib/api';
import { authApi } from '../auth';
import { kycListLoaded, selectClosedByBank, selectUserToken, userRefreshed } from '../auth';
import { transactionsLoaded, type Transaction } from '../statement';

/**
 * Keeps the cabinet's data fresh: the user data when the cabinet opens (an operator may have
 * decided the KYC meanwhile), and the KYC list and transaction list of docs/product.md#screens-and-routes whenever the menu opens.
 * Failures other than an expired session (handled by the session modal) leave what is shown. The
 * lists are refused to a client the bank has closed, and are not asked for then; the user data,
 * which says whether the client is closed, still is.
 */
export function useCabinetData(menuOpen: boolean): void {
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectUserToken);
  const closedByBank = useAppSelector(selectClosedByBank);

  useEffect(() => {
    if (!token) return;
    authApi
      .me(token)
      .then((user) => dispatch(userRefreshed(user)))
      .catch(() => undefined);
  }, [dispatch, token]);

  useEffect(() => {
    if (!menuOpen || !token || closedByBank) return;
    apiRequest<ListKycResponse>('GET', 'api/kyc/list', { token })
      .then((records) => dispatch(kycListLoaded(records)))
      .catch(() => undefined);
    apiRequest<Transaction[]>('GET', 'api/transaction/list', { token })
      .then((transactions) => {
        if (Array.isArray(transactions)) dispatch(transactionsLoaded(transactions));
      })
      .catch(() => undefined);
  }, [dispatch, menuOpen, token, closedByBank]);
}
