import { createOperatorRequestSchema, type OperatorRow } from '@bank/contracts/backoffice/operators';
import { OPERATOR_ROLES } from '@bank/contracts/backoffice/roles';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { InputField, PasswordField, SelectField } from '../../../ui/FormField';
import { SubmitButton } from '../../../ui/SubmitButton';
import { useSchemaForm } from '../../../ui/useSchemaForm';
import { backoffice } from '../api';
import { formatDateTime } from '../format';
import { BackofficeScreen, Loaded, Problem } from '../parts';
import { useResource } from '../useResource';
import { useServerSubmit } from '../useServerSubmit';

/** Admin: the operators, a new operator (who enrols at first sign-in), and a reset of an authenticator. */
export function OperatorsScreen() {
  const { t, i18n } = useTranslation('backoffice');
  const operators = useResource(() => backoffice<{ items: OperatorRow[] }>('GET', 'operators'), []);
  const [failure, setFailure] = useState<unknown>(null);
  async function resetTotp(operator: OperatorRow) {
    if (!window.confirm(t('operators.resetConfirm', { name: operator.name }))) return;
    try {
      await backoffice<OperatorRow>('POST', `operators/${operator.id}/reset-totp`);
      operators.reload();
    } catch (error) {
      setFailure(error);
    }
  }
  return (
    <BackofficeScreen title={t('operators.title')} lead={t('operators.lead')}>
      {failure ? <Problem error={failure} /> : null}
      <Loaded data={operators.data} error={operators.error}>
        {(data) => (
          <table className="backoffice-table">
            <thead>
              <tr>
                <th scope="col">{t('operators.name')}</th>
                <th scope="col">{t('operators.email')}</th>
                <th scope="col">{t('operators.roles')}</th>
                <th scope="col">{t('operators.enrolled')}</th>
                <th scope="col">{t('operators.since')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('rates.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((operator) => (
                <tr key={operator.id} data-testid="bo-row" data-key={operator.email}>
                  <td>{operator.name}</td>
                  <td>{operator.email}</td>
                  <td>{operator.roles.map((role) => t(`roles.${role}`)).join(', ')}</td>
                  <td>{operator.enrolled ? t('yes') : t('no')}</td>
                  <td>{formatDateTime(operator.createdAt, (i18n.resolvedLanguage ?? 'en'))}</td>
                  <td>
                    <button type="button" className="button button--secondary backoffice__small" onClick={() => void resetTotp(operator)}>
                      {t('operators.resetTotp')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Loaded>
      <NewOperatorForm onCreated={() => operators.reload()} />
    </BackofficeScreen>
  );
}

const EMPTY = { email: '', name: '', password: '', role: 'payments' };

function NewOperatorForm({ onCreated }: { onCreated: () => void }) {
  const { t } = useTranslation('backoffice');
  const form = useSchemaForm(createOperatorRequestSchema, EMPTY, { toInput: ({ role, ...rest }) => ({ ...rest, roles: [role] }) });
  const { busy, failure, run } = useServerSubmit();
  const [done, setDone] = useState<string | null>(null);
  function create(event: FormEvent) {
    event.preventDefault();
    const input = form.submit();
    if (!input) return;
    void run(form, () => backoffice<OperatorRow>('POST', 'operators', { body: input }), (created) => {
      setDone(t('operators.created', { email: created.email }));
      form.reset();
      onCreated();
    });
  }
  return (
    <form className="backoffice-card backoffice-form" onSubmit={create} noValidate>
      <h2 className="backoffice__subheading">{t('operators.newTitle')}</h2>
      <InputField label={t('operators.name')} required {...form.field('name')} />
      <InputField label={t('operators.email')} type="email" required {...form.field('email')} />
      <PasswordField label={t('operators.password')} autoComplete="new-password" required {...form.field('password')} />
      <SelectField label={t('operators.role')} required options={OPERATOR_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))} {...form.field('role')} />
      {done ? <p role="status">{done}</p> : null}
      {failure ? <Problem error={failure} /> : null}
      <SubmitButton busy={busy} label={t('operators.create')} busyLabel={t('busy')} />
    </form>
  );
}
