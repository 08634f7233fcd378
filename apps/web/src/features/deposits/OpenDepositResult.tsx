import { useTranslation } from 'react-i18next';
import { formatBankDate } from '../../ui/formatBankDate';
import { formatMoney } from '../../ui/formatMoney';
import { Popup } from '../../ui/Popup';
import { useFailureText } from '../../ui/useFailureText';
import type { OpenOutcome } from './useOpenDeposit';

/** The end of an opening (the popups of docs/product.md#errors-and-messages): the deposit opened, or that it was not, with the bank's reason when it is a known one. */
export function OpenDepositResult({ outcome, onClose }: { outcome: OpenOutcome; onClose: () => void }) {
  const { t, i18n } = useTranslation('deposits');
  const language = i18n.resolvedLanguage ?? 'en';
  const reasonOf = useFailureText('deposits');
  if (outcome.ok) {
    const opened = outcome.deposit;
    const message = opened
      ? t('result.opened', { number: opened.number, amount: formatMoney(opened.principal, opened.currency, language), date: formatBankDate(opened.maturityDate) })
      : undefined;
    return <Popup tone="success" message={message} onClose={onClose} />;
  }
  const reason = reasonOf(outcome.body);
  return <Popup tone="error" message={reason ? `${t('result.notOpened')} ${reason}` : t('result.notOpened')} onClose={onClose} />;
}
