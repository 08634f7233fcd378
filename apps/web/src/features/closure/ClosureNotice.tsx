import type { ClosureStatus } from '@bank/contracts/closure/closure';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../ui/formatDateTime';
import { formatMoney } from '../../ui/formatMoney';
import { feePaidInFull } from './payout';

/**
 * The bank's notice to a client it has closed (docs/bank-controls.md#closing-a-client): the accounts
 * are closed under the bank's terms and since when, they take no new money, the closing fee and what
 * of it was charged, and where what remains goes. The reason stays in the bank: the server never
 * sends it, and the notice gives none.
 */
export function ClosureNotice({ status }: { status: ClosureStatus }) {
  const { t, i18n } = useTranslation('closure');
  const language = i18n.resolvedLanguage ?? 'en';
  const fee = formatMoney(status.fee.amount, status.fee.currency, language);
  const paid = formatMoney(status.fee.paid, status.fee.currency, language);
  return (
    <section className="cabinet-card closure-notice" aria-labelledby="closure-notice-title">
      <h2 id="closure-notice-title">{t('notice.title')}</h2>
      <p>{t('notice.closed', { date: formatDateTime(status.closedAt, language) })}</p>
      <p>{feePaidInFull(status.fee) ? t('notice.feePaid', { fee }) : t('notice.feePartlyPaid', { fee, paid })}</p>
      <p>{t('notice.payout')}</p>
      {status.wallets.length > 0 ? <p>{t('notice.wallets')}</p> : null}
      <p>{t('notice.statement')}</p>
    </section>
  );
}
