import type { TransactionStatus } from '@bank/contracts/transfers/status';
import { useTranslation } from 'react-i18next';
import { formatBankDate } from '../../ui/formatBankDate';
import { showsReason } from '../schedules';
import { statusKey } from './labels';

/** What the statement does not carry but the transfer list does: a scheduled row's date and why a row did not go through. */
export interface TransferFacts {
  paymentDate: string | null;
  statusReason: string | null;
}

/**
 * A row's status as the client reads it: a Scheduled row says the day it runs on (it moves nothing
 * until then), a Denied or Failed row says why. A Failed row's reason is one the bank names; a
 * denial's is the bank's own words.
 */
export function RowStatus({ status, facts }: { status: TransactionStatus; facts: TransferFacts | undefined }) {
  const { t, i18n } = useTranslation(['statement', 'schedules']);
  const reason = facts?.statusReason && showsReason(status) ? facts.statusReason : null;
  const reasonText = reason && i18n.exists(`reasons.${reason}`, { ns: 'schedules' }) ? t(`reasons.${reason}`, { ns: 'schedules' }) : reason;
  return (
    <>
      {t(statusKey(status))}
      {status === 'Scheduled' && facts?.paymentDate ? (
        <span className="statement-status__detail">{t('scheduledFor', { ns: 'schedules', date: formatBankDate(facts.paymentDate) })}</span>
      ) : null}
      {reasonText ? <span className="statement-status__detail">{reasonText}</span> : null}
    </>
  );
}
