import type { Deposit, DepositStatus } from '@bank/contracts/deposits/index';
import { useTranslation } from 'react-i18next';
import { formatBankDate } from '../../ui/formatBankDate';
import { formatAccountNumber, formatAmount, formatMoney } from '../../ui/formatMoney';
import { CloseDepositButton } from './CloseDepositButton';
import { PayoutTable } from './PayoutTable';

const BADGE: Readonly<Record<DepositStatus, string>> = {
  Active: 'status-badge--success',
  Matured: 'deposit-status--ended',
  ClosedEarly: 'deposit-status--ended',
};

/**
 * One deposit: its number, principal and status, then the rate, the interest accrued to date, the
 * next payout, the maturity date and the rest of its terms; its payouts behind a disclosure; Close
 * early while it runs.
 */
export function DepositItem({ deposit, onChanged }: { deposit: Deposit; onChanged: () => void }) {
  const { t, i18n } = useTranslation('deposits');
  const language = i18n.resolvedLanguage ?? 'en';
  const money = (amount: string) => formatMoney(amount, deposit.currency, language);
  const running = deposit.status === 'Active';
  const titleId = `deposit-${deposit.id}-title`;
  return (
    <li className="deposit-item">
      <div className="deposit-item__head row-spread">
        <h3 id={titleId} className="deposit-item__title">
          {t('list.name', { number: deposit.number })}
        </h3>
        <span className={`status-badge ${BADGE[deposit.status]}`}>{t(`statuses.${deposit.status}`)}</span>
      </div>
      <p className="deposit-item__principal">{money(deposit.principal)}</p>
      <dl className="deposit-facts">
        <div>
          <dt>{t('list.rate')}</dt>
          <dd>{formatAmount(deposit.rate, language)}</dd>
        </div>
        {running ? (
          <>
            <div>
              <dt>{t('list.accrued')}</dt>
              <dd>{money(deposit.accruedInterest)}</dd>
            </div>
            <div>
              <dt>{t('list.nextPayout')}</dt>
              <dd>{deposit.nextPayout ? t('list.nextPayoutValue', { amount: money(deposit.nextPayout.amount), date: formatBankDate(deposit.nextPayout.date) }) : t('list.noNextPayout')}</dd>
            </div>
          </>
        ) : null}
        <div>
          <dt>{t('list.maturityDate')}</dt>
          <dd>{formatBankDate(deposit.maturityDate)}</dd>
        </div>
        <div>
          <dt>{t('list.openingDate')}</dt>
          <dd>{formatBankDate(deposit.openingDate)}</dd>
        </div>
        <div>
          <dt>{t('list.term')}</dt>
          <dd>{deposit.termMonths}</dd>
        </div>
        <div>
          <dt>{t('list.payout')}</dt>
          <dd>{t(`payoutPeriods.${deposit.payoutMonths}`)}</dd>
        </div>
        <div>
          <dt>{t('list.interestPaid')}</dt>
          <dd>{money(deposit.interestPaid)}</dd>
        </div>
        <div>
          <dt>{t('list.account')}</dt>
          <dd>{formatAccountNumber(deposit.accountNumber)}</dd>
        </div>
        {deposit.closedOn ? (
          <div>
            <dt>{t('list.closedOn')}</dt>
            <dd>{formatBankDate(deposit.closedOn)}</dd>
          </div>
        ) : null}
        {deposit.forfeitedInterest !== null ? (
          <div>
            <dt>{t('list.forfeited')}</dt>
            <dd>{money(deposit.forfeitedInterest)}</dd>
          </div>
        ) : null}
      </dl>
      {deposit.payouts.length > 0 ? (
        <details className="deposit-item__schedule">
          <summary>{t('list.schedule')}</summary>
          <PayoutTable payouts={deposit.payouts} currency={deposit.currency} caption={t('list.schedule')} showPaid captionHidden />
        </details>
      ) : null}
      {running ? (
        <div className="deposit-item__actions">
          <CloseDepositButton deposit={deposit} onClosed={onChanged} />
        </div>
      ) : null}
    </li>
  );
}
