import type { StatementRow } from '@bank/contracts/statement/statement-row';
import { useTranslation } from 'react-i18next';
import { formatBankDate } from '../../ui/formatBankDate';
import { showsReason } from '../schedules';
import { rowStatusKey } from './labels';

/**
 * A row's status as the client reads it: a Scheduled row says the day it runs on (it moves nothing
 * until then), a Denied or Failed row says why. A Failed row's reason is one the bank names; a
 * denial's is the bank's own words.
 */
export function RowStatus({ row }: { row: Pick<StatementRow, 'status' | 'type' | 'paymentDate' | 'statusReason'> }) {
  const { status, paymentDate, statusReason } = row;
  const { t, i18n } = useTranslation(['statement', 'schedules']);
  const reason = statusReason && showsReason(status) ? statusReason : null;
  const reasonText = reason && i18n.exists(`reasons.${reason}`, { ns: 'schedules' }) ? t(`reasons.${reason}`, { ns: 'schedules' }) : reason;
  return (
    <>
      {t(rowStatusKey(row))}
      {status === 'Scheduled' && paymentDate ? (
        <span className="statement-status__detail">{t('scheduledFor', { ns: 'schedules', date: formatBankDate(paymentDate) })}</span>
      ) : null}
      {reasonText ? <span className="statement-status__detail">{reasonText}</span> : null}
    </>
  );
}
