import { APPROVAL_AREAS } from '@bank/contracts/backoffice/approvals';
import type { ClientClosureCard, ClientClosureRequest, ClientRiskProposedResponse } from '@bank/contracts/backoffice/clients';
import { mayUse } from '@bank/contracts/backoffice/roles';
import type { ClosureAccount, ClosureWallet } from '@bank/contracts/closure/closure';
import { LIMITS } from '@bank/contracts';
import { POLICY_BREACH_CLOSING_FEE } from '@bank/contracts/tariffs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatAccountNumber, formatIban, formatMoney } from '../../../ui/formatMoney';
import { backoffice } from '../api';
import { formatDateTime, operatorText } from '../format';
import { PagedTable, type Column } from '../PagedTable';
import { ConfirmDialog, Details, Problem, ReasonDialog, StatusBadge } from '../parts';
import { useOperatorSession } from '../session';

type Closure = NonNullable<ClientClosureCard['closure']>;

/** An account or a wallet of a closed client, as the table shows it: where its newest payout went, written for reading. */
type Holding = Omit<ClosureAccount, 'payout'> & { wallet: boolean; payout: (Omit<NonNullable<ClosureAccount['payout']>, 'iban'> & { destination: string }) | null };

const accountRow = ({ payout, ...account }: ClosureAccount): Holding => ({ ...account, wallet: false, payout: payout && { ...payout, destination: formatIban(payout.iban) } });
const walletRow = ({ address, payout, ...wallet }: ClosureWallet): Holding => ({ ...wallet, number: address, wallet: true, payout: payout && { ...payout, destination: payout.recipient } });

/** What an account or wallet of a closed client may still do: what a payout would send with its fee, and its newest payout. */
function PayoutCell({ account }: { account: Holding }) {
  const { t, i18n } = useTranslation('backoffice');
  const language = i18n.resolvedLanguage ?? 'en';
  const money = (amount: string) => formatMoney(amount, account.currency, language);
  const { payout } = account;
  return (
    <>
      {account.state === 'awaitingPayout' && account.payable !== null ? (
        <div>{t('clients.closure.payable', { amount: money(account.payable), fee: account.fee === null ? '—' : money(account.fee) })}</div>
      ) : null}
      {payout ? (
        <div>
          <Link to={`/backoffice/payments/${encodeURIComponent(payout.transactionNumber)}`}>{payout.transactionNumber}</Link>{' '}
          <StatusBadge status={payout.status} />
          <div className="backoffice__muted">{t('clients.closure.payoutTo', { amount: money(payout.amount), destination: payout.destination })}</div>
        </div>
      ) : null}
      {account.state !== 'awaitingPayout' && !payout ? '—' : null}
    </>
  );
}

/** The closure as it holds: since when, why, who proposed and approved it, the fee paid and unpaid, and each account's state. */
function ClosureHeld({ closure }: { closure: Closure }) {
  const { t, i18n } = useTranslation('backoffice');
  const language = i18n.resolvedLanguage ?? 'en';
  const fee = (amount: string) => formatMoney(amount, closure.fee.currency, language);
  const columns: Array<Column<Holding>> = [
    { key: 'account', header: t('clients.account'), cell: (account) => (account.wallet ? <span className="backoffice__text">{account.number}</span> : formatAccountNumber(account.number)) },
    { key: 'booked', header: t('clients.booked'), money: true, cell: (account) => formatMoney(account.balance, account.currency, language) },
    { key: 'available', header: t('clients.available'), money: true, cell: (account) => formatMoney(account.available, account.currency, language) },
    { key: 'state', header: t('clients.closure.state'), cell: (account) => <StatusBadge status={`closure.${account.state}`} /> },
    { key: 'payout', header: t('clients.closure.payout'), cell: (account) => <PayoutCell account={account} /> },
  ];
  return (
    <>
      <Details
        rows={[
          [t('clients.closure.closedSince'), formatDateTime(closure.closedAt, language)],
          [t('clients.closure.reason'), <span className="backoffice__text">{closure.reason}</span>],
          [t('clients.closure.proposedBy'), operatorText(closure.proposedBy)],
          [t('clients.closure.approvedBy'), operatorText(closure.approvedBy)],
          [t('clients.closure.fee'), fee(closure.fee.amount)],
          [t('clients.closure.feePaid'), fee(closure.fee.paid)],
          [t('clients.closure.feeUnpaid'), fee(closure.feeUnpaid)],
        ]}
      />
      <PagedTable
        caption={t('clients.closure.accounts')}
        columns={columns}
        rowKey={(account) => account.number}
        data={{ items: [...closure.accounts.map(accountRow), ...closure.wallets.map(walletRow)] }}
        empty={t('clients.noAccounts')}
      />
    </>
  );
}

/**
 * Closing the client for a breach of the bank's policy, on the card (docs/bank-controls.md#closing-a-client):
 * the closure once it holds; the proposal waiting for a second operator, with a link to it; or, for
 * compliance and admins, the proposal itself. It is drastic (the client's sessions end, the closing
 * fee is charged and the accounts take no new money once approved), so the reason is asked for and
 * then the act confirmed before it is sent.
 */
export function ClientClosureSection({ clientId, closure, onProposed }: { clientId: string; closure: ClientClosureCard; onProposed: () => void }) {
  const { t, i18n } = useTranslation('backoffice');
  const language = i18n.resolvedLanguage ?? 'en';
  const session = useOperatorSession();
  const mayPropose = Boolean(session && mayUse(session.operator.roles, APPROVAL_AREAS.clientClosure));
  /** Asking for the reason, then confirming the closure with the reason given. */
  const [step, setStep] = useState<{ name: 'reason' } | { name: 'confirm'; reason: string } | null>(null);
  const [proposed, setProposed] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const { closure: held, pending } = closure;

  async function propose(reason: string) {
    setFailure(null);
    const body: ClientClosureRequest = { reason };
    try {
      await backoffice<ClientRiskProposedResponse>('POST', `clients/${encodeURIComponent(clientId)}/closure`, { body });
      setProposed(true);
      onProposed();
    } catch (error) {
      setFailure(error);
    } finally {
      setStep(null);
    }
  }

  return (
    <section aria-labelledby="bo-client-closure" data-testid="bo-client-closure">
      <h2 id="bo-client-closure" className="backoffice__subheading">
        {t('clients.closure.title')}
      </h2>
      {held ? <ClosureHeld closure={held} /> : null}
      {pending ? (
        <p className="backoffice__notice" role="status" data-testid="bo-client-closure-pending">
          {proposed ? t('clients.closure.proposed') : t('clients.closure.pending')}{' '}
          <Link to={`/backoffice/approvals/${encodeURIComponent(pending.id)}`}>{t('clients.closure.openPending')}</Link>
        </p>
      ) : null}
      {!held && !pending ? <p className="backoffice__muted">{t('clients.closure.notClosed')}</p> : null}
      {failure ? <Problem error={failure} /> : null}
      {mayPropose && !held && !pending ? (
        <div className="backoffice__actions">
          <button type="button" className="button button--secondary" onClick={() => setStep({ name: 'reason' })} data-testid="bo-client-closure-propose">
            {t('clients.closure.propose')}
          </button>
        </div>
      ) : null}
      {step?.name === 'reason' ? (
        <ReasonDialog
          title={t('clients.closure.propose')}
          lead={t('clients.closure.proposeLead')}
          confirmLabel={t('clients.closure.next')}
          missingText={t('clients.closure.reasonRequired')}
          maxLength={LIMITS.maxLongText}
          onConfirm={async (reason) => setStep({ name: 'confirm', reason })}
          onClose={() => setStep(null)}
        />
      ) : null}
      {step?.name === 'confirm' ? (
        <ConfirmDialog
          title={t('clients.closure.confirmTitle')}
          text={t('clients.closure.confirmText', { fee: formatMoney(POLICY_BREACH_CLOSING_FEE.amount, POLICY_BREACH_CLOSING_FEE.currency, language) })}
          confirmLabel={t('clients.closure.send')}
          onConfirm={() => propose(step.reason)}
          onClose={() => setStep(null)}
        />
      ) : null}
    </section>
  );
}
