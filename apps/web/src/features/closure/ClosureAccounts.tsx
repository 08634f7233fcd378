import type { ClosureAccount, ClosureAccountState } from '@bank/contracts/closure/closure';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAccountNumber, formatIban, formatMoney } from '../../ui/formatMoney';
import { AccountCard, AccountFact } from '../accounts';
import { statusKey } from '../statement';

/** Money still to send, or on its way, waits (the accent); an account with too little to send or nothing left is set aside. */
const BADGE: Readonly<Record<ClosureAccountState, string>> = {
  awaitingPayout: 'status-badge--pending',
  payoutPending: 'status-badge--pending',
  belowFee: 'status-badge--neutral',
  closed: 'status-badge--neutral',
};

/** What an account and a wallet of a closed client both show. */
type Holding = Pick<ClosureAccount, 'currency' | 'balance' | 'available' | 'state' | 'payable' | 'fee'>;

/** A payout as the facts show it: the transfer, its amount and status, and where it went. */
interface ShownPayout {
  transactionNumber: string;
  amount: string;
  status: NonNullable<ClosureAccount['payout']>['status'];
  destinationTerm: string;
  destination: string;
}

/**
 * The facts an account and a wallet share, after their own first one: the state, the balances,
 * what a payout would send with its fee while it awaits one (`payableKey` words it), and the newest
 * payout with where it went. `statesKey` names the state texts.
 */
export function HoldingFacts({ holding, statesKey, payableKey, payout }: { holding: Holding; statesKey: string; payableKey: string; payout: ShownPayout | null }) {
  const { t, i18n } = useTranslation(['closure', 'statement']);
  const language = i18n.resolvedLanguage ?? 'en';
  const money = (amount: string) => formatMoney(amount, holding.currency, language);
  return (
    <>
      <AccountFact term={t('accounts.state')}>
        <span className={`status-badge closure-account__state ${BADGE[holding.state]}`} data-state={holding.state}>
          {t(`${statesKey}.${holding.state}`)}
        </span>
      </AccountFact>
      <AccountFact term={t('accounts.balance')} className="account-item__balance">
        {money(holding.balance)}
      </AccountFact>
      {holding.available !== holding.balance ? <AccountFact term={t('accounts.available')}>{money(holding.available)}</AccountFact> : null}
      {holding.state === 'awaitingPayout' && holding.payable !== null && holding.fee !== null ? (
        <AccountFact term={t('accounts.payable')}>{t(payableKey, { amount: money(holding.payable), fee: money(holding.fee) })}</AccountFact>
      ) : null}
      {payout ? (
        <AccountFact term={t('accounts.payout')}>
          <dl className="closure-payout">
            <div>
              <dt>{t('accounts.payoutNumber')}</dt>
              <dd>{payout.transactionNumber}</dd>
            </div>
            <div>
              <dt>{t('accounts.payoutAmount')}</dt>
              <dd>{money(payout.amount)}</dd>
            </div>
            <div>
              <dt>{payout.destinationTerm}</dt>
              <dd className="closure-payout__destination">{payout.destination}</dd>
            </div>
            <div>
              <dt>{t('accounts.payoutStatus')}</dt>
              <dd>{t(statusKey(payout.status), { ns: 'statement' })}</dd>
            </div>
          </dl>
        </AccountFact>
      ) : null}
    </>
  );
}

/**
 * One account of a closed client, as the account cards show accounts: its number, state and
 * balances; what a payout would send and its fee while it awaits one; its newest payout (the
 * transfer abroad, its amount, the IBAN it goes to and its status) once one was made.
 */
function ClosureAccountItem({ account }: { account: ClosureAccount }) {
  const { t } = useTranslation('closure');
  const { payout } = account;
  return (
    <AccountCard currency={account.currency} className="closure-account">
      <AccountFact term={t('accounts.number')} valueClassName="account-item__number">
        {formatAccountNumber(account.number)}
      </AccountFact>
      <HoldingFacts
        holding={account}
        statesKey="states"
        payableKey="accounts.payableWithFee"
        payout={payout && { ...payout, destinationTerm: t('accounts.payoutIban'), destination: formatIban(payout.iban) }}
      />
    </AccountCard>
  );
}

/** The closed client's accounts, each with its state; the heading takes focus when a payout has changed them. */
export const ClosureAccounts = forwardRef<HTMLHeadingElement, { accounts: readonly ClosureAccount[] }>(function ClosureAccounts({ accounts }, headingRef) {
  const { t } = useTranslation('closure');
  return (
    <section className="cabinet-card" aria-labelledby="closure-accounts-title">
      <h2 id="closure-accounts-title" ref={headingRef} tabIndex={-1} className="closure__heading">
        {t('accounts.title')}
      </h2>
      {accounts.length === 0 ? (
        <p className="closure__muted">{t('accounts.none')}</p>
      ) : (
        <ul className="account-list closure-accounts">
          {accounts.map((account) => (
            <ClosureAccountItem key={account.number} account={account} />
          ))}
        </ul>
      )}
    </section>
  );
});
