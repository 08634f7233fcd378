import { APPROVAL_AREAS, type ApprovalItem, type ApprovalKind } from '@bank/contracts/backoffice/approvals';
import type { OperatorsResponse } from '@bank/contracts/backoffice/operators';
import { BACKOFFICE_AREAS } from '@bank/contracts/backoffice/roles';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatAccountNumber, formatMoney, formatPercent } from '../../../ui/formatMoney';
import { backoffice } from '../api';
import { approvalActions, describeApproval, describeResult, type ApprovalFact } from '../approvalFacts';
import { formatDateTime, operatorText } from '../format';
import { BackofficeScreen, ChoiceBox, ConfirmDialog, Details, Loaded, Problem, ReasonDialog, StatusBadge } from '../parts';
import { useOperatorSession } from '../session';
import { useResource } from '../useResource';

type Decision = 'approve' | 'reject' | 'withdraw';

/**
 * One proposal: what it will do, read per kind; who proposed it, why and when; its warnings (a
 * possible duplicate must be confirmed before approval); and what the operator may do with it: a
 * checker approves or rejects with a reason, the maker may withdraw it. The server has the last
 * word (it refuses the maker's own approval), and its refusal is shown as it says it.
 */
export function ApprovalDetailScreen() {
  const { t, i18n } = useTranslation('backoffice');
  const language = i18n.resolvedLanguage ?? 'en';
  const { approvalId = '' } = useParams();
  const session = useOperatorSession();
  const path = `approvals/${encodeURIComponent(approvalId)}`;
  const item = useResource(() => backoffice<ApprovalItem>('GET', path), [path]);
  const [dialog, setDialog] = useState<'reject' | 'withdraw' | null>(null);
  const [duplicateChecked, setDuplicateChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [done, setDone] = useState<Decision | null>(null);

  async function decide(decision: Decision, body?: unknown) {
    setBusy(true);
    setFailure(null);
    setDone(null);
    try {
      item.replace(await backoffice<ApprovalItem>('POST', `${path}/${decision}`, body === undefined ? {} : { body }));
      setDone(decision);
    } catch (error) {
      setFailure(error);
      // The proposal as it now stands: decided meanwhile by someone else, or newly found a possible duplicate.
      item.reload();
    } finally {
      setDialog(null);
      setBusy(false);
    }
  }

  return (
    <BackofficeScreen
      title={item.data ? t(`approvals.kinds.${item.data.kind}`) : t('approvals.detailTitle')}
      actions={<Link to="/backoffice/approvals">{t('approvals.backToQueue')}</Link>}
    >
      <Loaded data={item.data} error={item.error}>
        {(approval) => {
          const actions = approvalActions(approval, session?.operator.id);
          const result = describeResult(approval);
          return (
            <>
              <div className="backoffice-decision">
                <StatusBadge status={approval.status} />
                {actions.mayDecide ? (
                  <div className="backoffice__actions">
                    <button
                      type="button"
                      className="button"
                      disabled={busy || (actions.mustConfirmDuplicate && !duplicateChecked)}
                      onClick={() => void decide('approve', { confirmDuplicate: actions.mustConfirmDuplicate && duplicateChecked })}
                      data-testid="bo-approve"
                    >
                      {t('approvals.approve')}
                    </button>
                    <button type="button" className="button button--secondary" disabled={busy} onClick={() => setDialog('reject')} data-testid="bo-reject">
                      {t('approvals.reject')}
                    </button>
                  </div>
                ) : null}
                {actions.mayWithdraw ? (
                  <button type="button" className="button button--secondary" disabled={busy} onClick={() => setDialog('withdraw')} data-testid="bo-withdraw">
                    {t('approvals.withdraw')}
                  </button>
                ) : null}
              </div>
              {done ? (
                <p className="backoffice__success" role="status">
                  {t(`approvals.done.${done}`)}
                </p>
              ) : null}
              {failure ? <Problem error={failure} /> : null}
              {actions.mayWithdraw ? <p className="backoffice__notice">{t('approvals.waitingForChecker')}</p> : null}
              {approval.status === 'Pending' && checkedByAdminsOnly(approval.kind) ? <SecondAdminNotice /> : null}
              {actions.mustConfirmDuplicate ? (
                <div className="backoffice__warning" data-testid="bo-duplicate-warning">
                  <p>
                    <strong>{t('approvals.duplicate.title')}</strong>
                  </p>
                  <p>
                    {approval.duplicateOf.length > 0 ? t('approvals.duplicate.of') : t('approvals.duplicate.unnamed')}{' '}
                    {approval.duplicateOf.map((number, index) => (
                      <span key={number}>
                        {index > 0 ? ', ' : null}
                        <code>{number}</code>
                      </span>
                    ))}
                  </p>
                  {actions.mayDecide ? (
                    <ChoiceBox label={t('approvals.duplicate.confirm')} checked={duplicateChecked} onChecked={setDuplicateChecked} testId="bo-confirm-duplicate" />
                  ) : null}
                </div>
              ) : null}
              <h2 className="backoffice__subheading">{t('approvals.payloadSection')}</h2>
              <FactList facts={describeApproval(approval)} />
              <h2 className="backoffice__subheading">{t('approvals.proposalSection')}</h2>
              <Details
                rows={[
                  [t('approvals.kind'), t(`approvals.kinds.${approval.kind}`)],
                  [t('approvals.summary'), approval.summary],
                  [t('approvals.maker'), operatorText(approval.maker)],
                  // Details shows a dash for an empty value, not for an empty element.
                  [t('approvals.reason'), approval.reason.trim() ? <span className="backoffice__text">{approval.reason}</span> : ''],
                  [t('approvals.created'), formatDateTime(approval.createdAt, language)],
                  ...(approval.status === 'Pending'
                    ? []
                    : ([
                        [approval.status === 'Withdrawn' ? t('approvals.withdrawnAt') : t('approvals.decidedAt'), formatDateTime(approval.decidedAt, language)],
                        ...(approval.checker ? [[t('approvals.checker'), operatorText(approval.checker)]] : []),
                        ...(approval.decisionReason ? [[t('approvals.decisionReason'), <span className="backoffice__text">{approval.decisionReason}</span>]] : []),
                      ] as Array<[string, ReactNode]>)),
                ]}
              />
              {result.length > 0 ? (
                <>
                  <h2 className="backoffice__subheading">{t('approvals.resultSection')}</h2>
                  <FactList facts={result} />
                </>
              ) : null}
              {dialog === 'reject' ? (
                <ReasonDialog
                  title={t('approvals.rejectTitle')}
                  confirmLabel={t('approvals.reject')}
                  missingText={t('approvals.rejectReasonRequired')}
                  onConfirm={(reason) => decide('reject', { reason })}
                  onClose={() => setDialog(null)}
                />
              ) : null}
              {dialog === 'withdraw' ? (
                <ConfirmDialog
                  title={t('approvals.withdrawTitle')}
                  text={t('approvals.withdrawText')}
                  confirmLabel={t('approvals.withdraw')}
                  onConfirm={() => decide('withdraw')}
                  onClose={() => setDialog(null)}
                />
              ) : null}
            </>
          );
        }}
      </Loaded>
    </BackofficeScreen>
  );
}

/** Kinds whose area only admins open: a second admin must check them. */
function checkedByAdminsOnly(kind: ApprovalKind): boolean {
  const roles: readonly string[] = BACKOFFICE_AREAS[APPROVAL_AREAS[kind]];
  return roles.length === 1 && roles[0] === 'admin';
}

/**
 * While the bank has a single active admin, a proposal only an admin may check waits for a second
 * admin to be made on the server (docs/bank-controls.md): said here so that nobody waits in vain.
 */
function SecondAdminNotice() {
  const { t } = useTranslation('backoffice');
  const operators = useResource(() => backoffice<OperatorsResponse>('GET', 'operators'), []);
  return operators.data?.waitsForSecondAdmin ? (
    <p className="backoffice__warning" data-testid="bo-waits-for-second-admin">
      {t('operators.waitsForSecondAdmin')}
    </p>
  ) : null;
}

/** The facts of a proposal (or of its result) as label and value pairs, formatted in the reader's language. */
function FactList({ facts }: { facts: ApprovalFact[] }) {
  const { t, i18n } = useTranslation('backoffice');
  const language = i18n.resolvedLanguage ?? 'en';
  const roles = (list: readonly string[]) => (list.length === 0 ? '—' : list.map((role) => t(`roles.${role}`)).join(', '));
  function value(fact: ApprovalFact): ReactNode {
    switch (fact.type) {
      case 'text':
        return <span className="backoffice__text">{fact.text}</span>;
      case 'code':
        return <code className="backoffice__id">{fact.text}</code>;
      case 'account':
        return formatAccountNumber(fact.number);
      case 'money':
        return formatMoney(fact.amount, fact.currency, language);
      case 'transaction':
        return fact.link ? <Link to={`/backoffice/payments/${encodeURIComponent(fact.transactionNumber)}`}>{fact.transactionNumber}</Link> : fact.transactionNumber;
      case 'change': {
        if (fact.unit === 'rate') return t('approvals.change', { from: fact.from ?? '—', to: fact.to });
        const percent = (basisPoints: string | null) => (basisPoints === null || !Number.isFinite(Number(basisPoints)) ? '—' : formatPercent(Number(basisPoints), language, 2));
        if (fact.unit === 'percent') {
          return fact.from === fact.to ? t('approvals.unchanged', { value: percent(fact.to) }) : t('approvals.change', { from: percent(fact.from), to: percent(fact.to) });
        }
        return t('approvals.spreadChange', { from: fact.from ?? '—', to: fact.to, fromPercent: percent(fact.from), toPercent: percent(fact.to) });
      }
      case 'roles':
        return fact.previous ? t('approvals.change', { from: roles(fact.previous), to: roles(fact.roles) }) : roles(fact.roles);
      case 'operator':
        return operatorText(fact);
      case 'client':
        return (
          <Link to={`/backoffice/clients/${encodeURIComponent(fact.clientId)}`}>
            <code className="backoffice__id">{fact.clientId}</code>
          </Link>
        );
      case 'status':
        return <StatusBadge status={fact.status} />;
      case 'other':
        return <span className="backoffice__id">{fact.text}</span>;
      case 'rateDifference': {
        const points = fact.changeBasisPoints;
        const change = points === null ? '—' : `${points > 0 ? '+' : points < 0 ? '−' : ''}${formatPercent(Math.abs(points), language, 2)}`;
        return t('approvals.ecbDifference', { inUse: fact.inUse ?? '—', inFile: fact.inFile, change });
      }
    }
  }
  function label(fact: ApprovalFact): string {
    if (fact.type === 'other') return fact.name;
    if (fact.type === 'rateDifference') return t('approvals.fields.ecbRate', { currency: fact.currency });
    return t(`approvals.fields.${fact.label}`);
  }
  if (facts.length === 0) return <p className="backoffice__muted">{t('approvals.noPayload')}</p>;
  return <Details rows={facts.map((fact) => [label(fact), value(fact)])} />;
}
