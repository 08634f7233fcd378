import type { PaymentReviewItem } from '@bank/contracts/backoffice/payments';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatAccountNumber, formatAmount, formatMoney } from '../../../ui/formatMoney';
import { backoffice } from '../api';
import { formatDateTime } from '../format';
import { BackofficeScreen, Details, Loaded, Problem, ReasonDialog, StatusBadge } from '../parts';
import { useOperatorSession } from '../session';
import { useResource } from '../useResource';

const RECIPIENT_FIELDS = [
  'fullName',
  'recipientType',
  'recipientsAddress',
  'country',
  'recipientsEmail',
  'phoneNumber',
  'recipientsIban',
  'recipientsAccountNumber',
  'recipientsSwiftBic',
  'recipientsBank',
  'recipientsBankAddress',
  'recipientsBankCountry',
] as const;

/** A text the client gave with a crypto transfer, when the stored details hold one. */
function stringField(details: Record<string, unknown> | null, name: string): string | null {
  const value = details?.[name];
  return typeof value === 'string' ? value : null;
}

/**
 * One transfer: its type (international, crypto, crypto conversion), who sends what to whom (the
 * network of a crypto transfer; what a conversion credits and at which rate), the payer's available
 * balance, the approvals so far; approve (the first of two moves a large transfer to Processing)
 * or deny with a reason.
 */
export function PaymentDetailScreen() {
  const { t, i18n } = useTranslation('backoffice');
  const { transactionNumber = '' } = useParams();
  const session = useOperatorSession();
  const path = `transactions/${encodeURIComponent(transactionNumber)}`;
  const item = useResource(() => backoffice<PaymentReviewItem>('GET', path), [path]);
  const [denying, setDenying] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  async function decide(action: 'approve' | 'deny', reason?: string) {
    setBusy(true);
    setFailure(null);
    try {
      item.replace(await backoffice<PaymentReviewItem>('POST', `${path}/${action}`, reason === undefined ? {} : { body: { reason } }));
      setDenying(false);
    } catch (error) {
      setFailure(error);
      setDenying(false);
      item.reload();
    } finally {
      setBusy(false);
    }
  }

  return (
    <BackofficeScreen title={t('payments.detailTitle', { number: transactionNumber })} actions={<Link to="/backoffice/payments">{t('payments.backToQueue')}</Link>}>
      <Loaded data={item.data} error={item.error}>
        {(payment) => {
          const pending = payment.status === 'New' || payment.status === 'Processing';
          const approvedByMe = payment.approvals.some((approval) => approval.operatorId === session?.operator.id);
          const money = (amount: string) => formatMoney(amount, payment.currency, (i18n.resolvedLanguage ?? 'en'));
          const international = payment.type === 'international';
          return (
            <>
              <div className="backoffice-decision">
                <StatusBadge status={payment.status} />
                <span data-testid="bo-approvals">{t('payments.approvalsOf', { given: payment.approvals.length, required: payment.requiredApprovals })}</span>
                {pending ? (
                  <div className="backoffice__actions">
                    <button type="button" className="button" disabled={busy || approvedByMe} onClick={() => void decide('approve')} data-testid="bo-approve">
                      {t('payments.approve')}
                    </button>
                    <button type="button" className="button button--secondary" disabled={busy} onClick={() => setDenying(true)} data-testid="bo-deny">
                      {t('payments.deny')}
                    </button>
                  </div>
                ) : null}
              </div>
              {pending && approvedByMe ? <p className="backoffice__notice">{t('payments.secondApprovalNeeded')}</p> : null}
              {pending && !approvedByMe && payment.requiredApprovals === 2 ? (
                <p className="backoffice__muted">
                  {t('payments.twoApprovals')} {payment.approvalReason ? t(`payments.approvalReasons.${payment.approvalReason}`) : null}
                </p>
              ) : null}
              {failure ? <Problem error={failure} /> : null}
              <h2 className="backoffice__subheading">{t('payments.transferSection')}</h2>
              <Details
                rows={[
                  [t('payments.type'), t(`payments.types.${payment.type}`)],
                  [t('payments.client'), <Link to={`/backoffice/clients/${payment.client.clientId}`}>{`${payment.client.name} (${payment.client.email})`}</Link>],
                  international
                    ? [t('payments.fromAccount'), formatAccountNumber(payment.fromAccount)]
                    : [t('payments.fromAccountOrWallet'), <span className="backoffice__id">{formatAccountNumber(payment.fromAccount)}</span>],
                  ...(payment.network ? ([[t('payments.network'), payment.network]] as Array<[string, ReactNode]>) : []),
                  [t('payments.amount'), money(payment.amount)],
                  [t('payments.fee'), money(payment.fee)],
                  [t('payments.total'), money(payment.total)],
                  ...(payment.counterAmount && payment.counterCurrency
                    ? ([[t('payments.counterAmount'), formatMoney(payment.counterAmount, payment.counterCurrency, (i18n.resolvedLanguage ?? 'en'))]] as Array<[string, ReactNode]>)
                    : []),
                  ...(payment.rate && payment.counterCurrency
                    ? ([[t('payments.rate'), t('payments.rateValue', { from: payment.currency, to: payment.counterCurrency, rate: formatAmount(payment.rate, (i18n.resolvedLanguage ?? 'en')) })]] as Array<[string, ReactNode]>)
                    : []),
                  [t('payments.amountEur'), formatMoney(payment.amountEur, 'EUR', (i18n.resolvedLanguage ?? 'en'))],
                  [t('payments.available'), money(payment.availableBalance)],
                  [t('payments.region'), payment.paymentRegion],
                  [t('payments.purpose'), payment.purpose],
                  [t('payments.reference'), payment.reference],
                  [t('payments.created'), formatDateTime(payment.createdAt, (i18n.resolvedLanguage ?? 'en'))],
                  [
                    t('payments.approvals'),
                    payment.approvals.length === 0
                      ? t('payments.noApprovals')
                      : payment.approvals.map((approval) => `${approval.operatorName}, ${formatDateTime(approval.at, (i18n.resolvedLanguage ?? 'en'))}`).join('; '),
                  ],
                ]}
              />
              <h2 className="backoffice__subheading">{t('payments.recipientSection')}</h2>
              {international ? (
                <Details
                  rows={RECIPIENT_FIELDS.map((name) => {
                    const value = payment.recipientDetails?.[name];
                    const shown = typeof value !== 'string' ? null : name === 'recipientType' ? t(`payments.recipientTypes.${value}`, { defaultValue: value }) : value;
                    return [t(`payments.recipientFields.${name}`), shown];
                  })}
                />
              ) : (
                <Details
                  rows={[
                    [
                      payment.type === 'crypto' ? t('payments.recipientAddress') : t('payments.creditedTo'),
                      <span className="backoffice__id">{formatAccountNumber(payment.recipient)}</span>,
                    ],
                    ...(payment.type === 'crypto' ? ([[t('payments.recipientEmail'), stringField(payment.recipientDetails, 'email')]] as Array<[string, ReactNode]>) : []),
                  ]}
                />
              )}
              {denying ? (
                <ReasonDialog title={t('payments.denyTitle')} confirmLabel={t('payments.deny')} onConfirm={(reason) => decide('deny', reason)} onClose={() => setDenying(false)} />
              ) : null}
            </>
          );
        }}
      </Loaded>
    </BackofficeScreen>
  );
}
