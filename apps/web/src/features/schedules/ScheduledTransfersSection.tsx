import type { TransactionRecord } from '@bank/contracts/transfers/transaction-record';
import { useTranslation } from 'react-i18next';
import { formatAccountNumber, formatMoney } from '../../ui/formatMoney';
import { PageLoader } from '../../ui/PageLoader';
import type { Load } from '../settings';
import { formatBankDate } from '../../ui/formatBankDate';
import { TransferActionButton } from './TransferActionButton';
import { clientActionOf } from './transferActions';

/** The recipient's name, or the account when no name was given (the list then names the account itself). */
function recipientOf(row: TransactionRecord): string {
  if (row.recipient !== row.toAccount) return row.recipient;
  return row.reference === 'Internal' ? formatAccountNumber(row.toAccount) : row.toAccount;
}

/** The client's transfers dated ahead: their date, recipient and amount, each with Cancel (free). */
export function ScheduledTransfersSection({ load, onChanged }: { load: Load<TransactionRecord[]>; onChanged: () => void }) {
  const { t, i18n } = useTranslation('schedules');
  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <section className="cabinet-card schedules__section" aria-labelledby="scheduled-transfers-title">
      <h2 id="scheduled-transfers-title">{t('transfers.title')}</h2>
      <p className="schedules__lead">{t('transfers.lead')}</p>
      {load.kind === 'loading' ? <PageLoader /> : null}
      {load.kind === 'failed' ? <p role="alert">{t('loadFailed')}</p> : null}
      {load.kind === 'ready' && load.data.length === 0 ? <p className="schedules__empty">{t('transfers.empty')}</p> : null}
      {load.kind === 'ready' && load.data.length > 0 ? (
        <ul className="schedule-list" aria-labelledby="scheduled-transfers-title">
          {load.data.map((row) => {
            const action = clientActionOf({ status: row.transactionStatus, direction: row.direction, reference: row.reference, transactionType: row.transactionType });
            return (
              <li key={row.transactionNumber} className="schedule-item">
                <div className="schedule-item__main">
                  <span className="schedule-item__title">{recipientOf(row)}</span>
                  <span className="schedule-item__amount">{formatMoney(row.amount, row.currency, language)}</span>
                </div>
                <dl className="schedule-item__facts">
                  <div>
                    <dt>{t('transfers.date')}</dt>
                    <dd>{formatBankDate(row.paymentDate)}</dd>
                  </div>
                  <div>
                    <dt>{t('transfers.number')}</dt>
                    <dd>{row.transactionNumber}</dd>
                  </div>
                  <div>
                    <dt>{t('transfers.from')}</dt>
                    <dd>{formatAccountNumber(row.fromAccount)}</dd>
                  </div>
                </dl>
                {action ? (
                  <div className="schedule-item__actions">
                    <TransferActionButton action={action} transfer={{ ...row, recipient: recipientOf(row) }} onDone={onChanged} />
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
