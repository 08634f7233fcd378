import type { ClosureStatus } from '@bank/contracts/closure/closure';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { loadChunkWithTexts } from '../../app/lazy';
import { PageLoader } from '../../ui/PageLoader';
import { Screen } from '../../ui/Screen';
import { selectUserToken } from '../auth';
import { ClosureAccounts } from './ClosureAccounts';
import { fetchClosure } from './closureApi';
import { ClosureNotice } from './ClosureNotice';
import { ClosureWallets } from './ClosureWallets';
import { PayoutForm } from './PayoutForm';
import './closure.css';

/**
 * The statement, as the Accounts screen shows it: its own chunk, loaded with its texts and those its
 * rows quote (a scheduled transfer's status), read-only here.
 */
const StatementTab = lazy(() =>
  loadChunkWithTexts(() => import('../statement/StatementTab'), ['statement', 'schedules']).then((module) => ({ default: module.StatementTab })),
);

/** The closure as the bank last answered it, asked for again on `reload()`; `failed` when the last ask failed. */
function useClosureStatus(token: string | null) {
  const [status, setStatus] = useState<ClosureStatus | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    setFailed(false);
    fetchClosure(token, controller.signal).then(
      (answer) => {
        if (!controller.signal.aborted) setStatus(answer);
      },
      () => {
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => controller.abort();
  }, [token, attempt]);
  return { status, failed, reload: () => setAttempt((value) => value + 1), replace: setStatus };
}

/**
 * The cabinet of a client the bank has closed (docs/bank-controls.md#closing-a-client), the only
 * screen such a client sees: the bank's notice, each account's state, the form naming the account
 * abroad that receives what remains while some account awaits its payout, each wallet with the
 * address its coins go to while it awaits its own, and the statement to
 * read and download. A payout made is announced, the accounts show their new states (their heading
 * takes the focus the vanished form had) and the statement is read again with the new transfers; a
 * request that found nothing left to pay says so, over the accounts as they now stand.
 */
export function ClosureScreen() {
  const { t } = useTranslation('closure');
  const token = useAppSelector(selectUserToken);
  const closure = useClosureStatus(token);
  const accountsHeading = useRef<HTMLHeadingElement>(null);
  /** Payouts made on this visit: each reloads the statement with its transfers. */
  const [payoutsMade, setPayoutsMade] = useState(0);
  /** What the last payout request came to, said where the form was: it may have gone with the request. */
  const [outcome, setOutcome] = useState<'sent' | 'nothingToPay' | null>(null);
  const { status } = closure;

  const paidOut = (next: ClosureStatus) => {
    closure.replace(next);
    setPayoutsMade((count) => count + 1);
    setOutcome('sent');
  };
  const nothingLeft = () => {
    closure.reload();
    setOutcome('nothingToPay');
  };
  const outcomes = { onPaidOut: paidOut, onStale: closure.reload, onNothingToPay: nothingLeft };

  // After a request the accounts, which show what changed, take the focus: the form it was in may be gone.
  useEffect(() => {
    if (outcome !== null) accountsHeading.current?.focus();
  }, [outcome, payoutsMade]);

  return (
    <Screen headingId="closure-heading" title={t('title')} lead={t('lead')}>
      {status ? (
        <>
          <ClosureNotice status={status} />
          <div role="status" aria-live="polite">
            {outcome === 'sent' ? <p className="closure__success">{t('payout.sent')}</p> : null}
            {outcome === 'nothingToPay' ? <p className="closure__warning">{t('payout.nothingToPay')}</p> : null}
          </div>
          <ClosureAccounts ref={accountsHeading} accounts={status.accounts} />
          {status.canRequestPayout ? <PayoutForm {...outcomes} /> : null}
          <ClosureWallets wallets={status.wallets} outcomes={outcomes} />
        </>
      ) : closure.failed ? (
        <div className="closure__problem closure__failed" role="alert">
          <p>{t('loadFailed')}</p>
          <button type="button" className="button button--secondary" onClick={closure.reload}>
            {t('retry')}
          </button>
        </div>
      ) : (
        <PageLoader />
      )}
      <div className="cabinet-card">
        <Suspense fallback={<PageLoader />}>
          <StatementTab key={payoutsMade} readOnly />
        </Suspense>
      </div>
    </Screen>
  );
}

export default ClosureScreen;
