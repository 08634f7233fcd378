import type { ErrorBody } from '@bank/contracts/errors';
import { useTranslation } from 'react-i18next';
import { errorTextKeys } from '../../lib/errorKeys';
import { ResultModal } from '../../ui/ResultModal';
import { formatMoney } from '../../ui/formatMoney';

export type CryptoTransferOutcome = { ok: true } | { ok: false; body: ErrorBody | null; currency: string };

/**
 * docs/product.md#errors-and-messages: 'Your transfer request has been sent.' with OK, or 'Please check your data and try
 * again.' with OK, and what the bank found when it said (not enough for the amount and the fee:
 * the total it needs). OK stays on the screen, whose list shows the new transfer and its status.
 */
export function CryptoTransferResult({ outcome, onClose }: { outcome: CryptoTransferOutcome; onClose: () => void }) {
  const { t, i18n } = useTranslation(['crypto', 'common']);
  const language = i18n.resolvedLanguage ?? 'en';
  if (outcome.ok) {
    return (
      <ResultModal tone="success" title={t('common:popup.successTitle')} okLabel={t('result.ok')} onClose={onClose}>
        <p>{t('result.success')}</p>
      </ResultModal>
    );
  }
  const total = outcome.body?.code === 'INSUFFICIENT_FUNDS' ? outcome.body.details?.total : undefined;
  const detailKey = errorTextKeys(outcome.body).find((key) => i18n.exists(key, { ns: 'crypto' }));
  const detail =
    typeof total === 'string'
      ? t('errors.insufficientWithTotal', { total: formatMoney(total, outcome.currency, language) })
      : detailKey
        ? t(detailKey)
        : null;
  return (
    <ResultModal tone="error" title={t('common:popup.errorTitle')} okLabel={t('result.ok')} onClose={onClose}>
      <p>{t('result.error')}</p>
      {detail ? <p className="transfer-result__detail">{detail}</p> : null}
    </ResultModal>
  );
}
