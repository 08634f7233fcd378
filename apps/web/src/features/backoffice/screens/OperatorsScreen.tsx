import type { ApprovalItem } from '@bank/contracts/backoffice/approvals';
import {
  changeRolesRequestSchema,
  ENROLMENT_LINK_HOURS,
  inviteOperatorRequestSchema,
  type InviteOperatorResponse,
  type OperatorProposedResponse,
  type OperatorRow,
  type OperatorsResponse,
} from '@bank/contracts/backoffice/operators';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InputField } from '../../../ui/FormField';
import { Modal } from '../../../ui/Modal';
import { SubmitButton } from '../../../ui/SubmitButton';
import { useSchemaForm } from '../../../ui/useSchemaForm';
import { backoffice } from '../api';
import { ReasonField, RolesField, rolesFromText } from '../fields';
import { PagedTable, type Column } from '../PagedTable';
import { BackofficeScreen, DialogActions, Problem, ReasonDialog, StatusBadge } from '../parts';
import { useOperatorSession } from '../session';
import { useResource } from '../useResource';
import { useServerSubmit } from '../useServerSubmit';

/** The longest reason an operator change takes (operators.ts in contracts). */
const OPERATOR_REASON_MAX_LENGTH = 2000;

/** What the screen last did, told above the list: a change that holds, or a proposal waiting for a second admin. */
interface Outcome {
  text: string;
  approval?: ApprovalItem | null;
  /** The proposal waits for a second admin to exist at all: the bank has only one active admin. */
  waitsForSecondAdmin?: boolean;
}

type Action = { kind: 'deactivate' | 'reactivate' | 'resetAuthenticator' | 'roles'; operator: OperatorRow };

/**
 * Admin: the bank's operators and what may be done with each. Deactivating holds at once; inviting,
 * changing roles, letting a deactivated operator back in and resetting an authenticator are
 * proposals a second admin approves (docs/bank-controls.md). A new operator is invited by e-mail
 * and sets their own password and authenticator. While the bank has a single active admin the
 * screen says that its proposals wait for a second admin, made on the server.
 */
export function OperatorsScreen() {
  const { t } = useTranslation('backoffice');
  const session = useOperatorSession();
  const operators = useResource(() => backoffice<OperatorsResponse>('GET', 'operators'), []);
  const [action, setAction] = useState<Action | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  function finished(next: Outcome) {
    setAction(null);
    setFailure(null);
    setOutcome(next);
    operators.reload();
  }

  /** Sends a change that needs only a reason; a failure is shown above the list, the dialog closed. */
  async function sendReason(kind: 'deactivate' | 'reactivate' | 'resetAuthenticator', operator: OperatorRow, reason: string) {
    setOutcome(null);
    try {
      if (kind === 'deactivate') {
        await backoffice<OperatorRow>('POST', `operators/${encodeURIComponent(operator.id)}/deactivate`, { body: { reason } });
        finished({ text: t('operators.deactivated', { name: operator.name }) });
      } else {
        const path = kind === 'reactivate' ? 'reactivate' : 'reset-authenticator';
        const answer = await backoffice<OperatorProposedResponse>('POST', `operators/${encodeURIComponent(operator.id)}/${path}`, { body: { reason } });
        finished({ text: t(`operators.proposed.${kind}`, { name: operator.name }), approval: answer.approval, waitsForSecondAdmin: answer.waitsForSecondAdmin });
      }
    } catch (error) {
      setAction(null);
      setFailure(error);
    }
  }

  const columns: Array<Column<OperatorRow>> = [
    {
      key: 'name',
      header: t('operators.name'),
      cell: (operator) => (
        <>
          {operator.name}
          {operator.id === session?.operator.id ? <span className="backoffice__muted backoffice-table__note">{t('operators.you')}</span> : null}
        </>
      ),
    },
    { key: 'email', header: t('operators.email'), cell: (operator) => operator.email },
    { key: 'roles', header: t('operators.roles'), cell: (operator) => operator.roles.map((role) => t(`roles.${role}`)).join(', ') },
    { key: 'status', header: t('operators.status'), cell: (operator) => <StatusBadge status={operator.status} /> },
    {
      key: 'pending',
      header: t('operators.pending'),
      cell: (operator) =>
        operator.pendingApprovals.length === 0 ? (
          '—'
        ) : (
          <ul className="backoffice-links">
            {operator.pendingApprovals.map((approvalId, index) => (
              <li key={approvalId}>
                <Link to={`/backoffice/approvals/${encodeURIComponent(approvalId)}`}>{t('operators.pendingLink', { number: index + 1 })}</Link>
              </li>
            ))}
          </ul>
        ),
    },
    {
      key: 'actions',
      header: t('operators.actions'),
      actions: true,
      cell: (operator) => <OperatorActions operator={operator} self={operator.id === session?.operator.id} onAction={(kind) => setAction({ kind, operator })} />,
    },
  ];

  return (
    <BackofficeScreen title={t('operators.title')} lead={t('operators.lead')}>
      {outcome ? <OutcomeNotice outcome={outcome} /> : null}
      {operators.data?.waitsForSecondAdmin && !outcome?.waitsForSecondAdmin ? (
        <p className="backoffice__notice" data-testid="bo-single-admin">
          {t('operators.singleAdmin')}
        </p>
      ) : null}
      {failure ? <Problem error={failure} /> : null}
      <PagedTable
        caption={t('operators.title')}
        columns={columns}
        rowKey={(operator) => operator.email}
        data={operators.data}
        error={operators.error}
        loading={operators.loading}
        empty={t('operators.empty')}
        onRetry={operators.reload}
      />
      <InviteForm
        onInvited={(answer) =>
          finished(
            answer.operator
              ? { text: t('operators.invited', { email: answer.operator.email, hours: ENROLMENT_LINK_HOURS }) }
              : { text: t('operators.inviteProposed'), approval: answer.approval, waitsForSecondAdmin: answer.waitsForSecondAdmin },
          )
        }
      />
      {action && action.kind !== 'roles' ? (
        <ReasonDialog
          title={t(`operators.dialogs.${action.kind}.title`, { name: action.operator.name })}
          confirmLabel={t(`operators.dialogs.${action.kind}.confirm`)}
          lead={<p>{t(`operators.dialogs.${action.kind}.lead`, { name: action.operator.name })}</p>}
          missingText={t('operators.reasonRequired')}
          maxLength={OPERATOR_REASON_MAX_LENGTH}
          onConfirm={(reason) => sendReason(action.kind as 'deactivate' | 'reactivate' | 'resetAuthenticator', action.operator, reason)}
          onClose={() => setAction(null)}
        />
      ) : null}
      {action?.kind === 'roles' ? (
        <RolesDialog
          operator={action.operator}
          onProposed={(answer) => finished({ text: t('operators.proposed.roles', { name: action.operator.name }), approval: answer.approval, waitsForSecondAdmin: answer.waitsForSecondAdmin })}
          onClose={() => setAction(null)}
        />
      ) : null}
    </BackofficeScreen>
  );
}

/** What may be done with one operator: a deactivated one may only be let back in; no admin deactivates themselves here. */
function OperatorActions({ operator, self, onAction }: { operator: OperatorRow; self: boolean; onAction: (kind: Action['kind']) => void }) {
  const { t } = useTranslation('backoffice');
  const button = (kind: Action['kind'], label: string) => (
    <button type="button" className="button button--secondary backoffice__small" onClick={() => onAction(kind)} data-testid={`bo-operator-${kind}`}>
      {label}
    </button>
  );
  if (operator.status === 'deactivated') return <div className="backoffice__actions">{button('reactivate', t('operators.reactivate'))}</div>;
  return (
    <div className="backoffice__actions">
      {button('roles', t('operators.changeRoles'))}
      {button('resetAuthenticator', t('operators.resetAuthenticator'))}
      {self ? null : button('deactivate', t('operators.deactivate'))}
    </div>
  );
}

function OutcomeNotice({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation('backoffice');
  return (
    <div role="status">
      <p className={outcome.approval ? 'backoffice__notice' : 'backoffice__success'}>
        {outcome.text}
        {outcome.approval ? (
          <>
            {' '}
            <Link to={`/backoffice/approvals/${encodeURIComponent(outcome.approval.id)}`}>{t('operators.openProposal')}</Link>
          </>
        ) : null}
      </p>
      {outcome.waitsForSecondAdmin ? (
        <p className="backoffice__warning" data-testid="bo-waits-for-second-admin">
          {t('operators.waitsForSecondAdmin')}
        </p>
      ) : null}
    </div>
  );
}

const EMPTY_INVITE = { name: '', email: '', roles: '', reason: '' };

/** Invites an operator: no password here, the invited person chooses theirs through the mailed link. */
function InviteForm({ onInvited }: { onInvited: (answer: InviteOperatorResponse) => void }) {
  const { t } = useTranslation('backoffice');
  const headingId = useId();
  const form = useSchemaForm(inviteOperatorRequestSchema, EMPTY_INVITE, {
    toInput: ({ roles, reason, ...rest }) => ({ ...rest, roles: rolesFromText(roles), reason: reason.trim() ? reason : undefined }),
  });
  const { busy, failure, run } = useServerSubmit();
  function invite(event: FormEvent) {
    event.preventDefault();
    const input = form.submit();
    if (!input) return;
    void run(form, () => backoffice<InviteOperatorResponse>('POST', 'operators', { body: input }), (answer) => {
      form.reset();
      onInvited(answer);
    });
  }
  return (
    <form className="backoffice-card backoffice-form" onSubmit={invite} noValidate aria-labelledby={headingId}>
      <h2 id={headingId} className="backoffice__subheading">
        {t('operators.inviteTitle')}
      </h2>
      <p className="backoffice__muted">{t('operators.inviteLead', { hours: ENROLMENT_LINK_HOURS })}</p>
      <InputField label={t('operators.name')} autoComplete="off" required {...form.field('name')} />
      <InputField label={t('operators.email')} type="email" autoComplete="off" required {...form.field('email')} />
      <RolesField label={t('operators.roles')} required {...form.field('roles')} />
      <ReasonField label={t('operators.inviteReason')} hint={t('operators.inviteReasonHint')} required maxLength={OPERATOR_REASON_MAX_LENGTH} {...form.field('reason')} />
      {failure ? <Problem error={failure} /> : null}
      <SubmitButton busy={busy} label={t('operators.invite')} busyLabel={t('busy')} />
    </form>
  );
}

/** Proposes new roles for an operator, with the reason the second admin reads. */
function RolesDialog({ operator, onProposed, onClose }: { operator: OperatorRow; onProposed: (answer: OperatorProposedResponse) => void; onClose: () => void }) {
  const { t } = useTranslation('backoffice');
  const formId = useId();
  const form = useSchemaForm(changeRolesRequestSchema, { roles: operator.roles.join(','), reason: '' }, { toInput: ({ roles, reason }) => ({ roles: rolesFromText(roles), reason }) });
  const { busy, failure, run } = useServerSubmit();
  function propose(event: FormEvent) {
    event.preventDefault();
    const input = form.submit();
    if (!input) return;
    void run(form, () => backoffice<OperatorProposedResponse>('POST', `operators/${encodeURIComponent(operator.id)}/roles`, { body: input }), onProposed);
  }
  return (
    <Modal
      title={t('operators.dialogs.roles.title', { name: operator.name })}
      onClose={onClose}
      actions={<DialogActions confirmLabel={t('operators.dialogs.roles.confirm')} busy={busy} onClose={onClose} form={formId} />}
    >
      <form id={formId} onSubmit={propose} noValidate className="backoffice-dialog-form">
        <p>{t('operators.dialogs.roles.lead', { name: operator.name })}</p>
        <RolesField label={t('operators.roles')} required {...form.field('roles')} />
        <ReasonField label={t('reason')} required maxLength={OPERATOR_REASON_MAX_LENGTH} data-testid="bo-reason" {...form.field('reason')} />
        {failure ? <Problem error={failure} /> : null}
      </form>
    </Modal>
  );
}
