import type { TransferTemplate } from '@bank/contracts/statement/templates';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { InputField, SelectField } from '../../ui/FormField';
import { formatAccountNumber, formatMoney } from '../../ui/formatMoney';
import { useCabinetNavigation } from '../cabinet';
import { presetTransferForm, standingOrderDraftOf } from '../transfers';
import { fetchTemplates } from './statementApi';
import { typeKey } from './labels';
import { selectTemplateFilters, selectTemplates, statementFiltersChanged, templateFiltersChanged, templatesLoaded } from './transactionsSlice';

const TYPING_PAUSE_MS = 400;

/**
 * Saved templates (templates of docs/product.md#data, filtered by filtersTemplates): the transfers the client
 * named in the transfer form. Choosing one shows its operations in the statement; "Repeat"
 * opens the transfer screen filled in from it with Repeat on, to make it a standing order.
 */
export function TemplatesPanel({ token, accounts }: { token: string | null; accounts: ReadonlyArray<{ number: string; currency: string }> }) {
  const { t, i18n } = useTranslation('statement');
  const language = i18n.resolvedLanguage ?? 'en';
  const dispatch = useAppDispatch();
  const filters = useAppSelector(selectTemplateFilters);
  const templates = useAppSelector(selectTemplates);
  const clientId = useAppSelector((state) => state.user.user.clientId ?? '');
  const navigation = useCabinetNavigation();
  const repeat = (template: TransferTemplate) => {
    const draft = standingOrderDraftOf(template);
    presetTransferForm(draft.kind, clientId, draft.values);
    navigation.select('transfer');
  };
  const [failed, setFailed] = useState(false);
  const [drafts, setDrafts] = useState({ recipient: filters.recipient, templateName: filters.templateName });

  useEffect(() => {
    const timer = setTimeout(() => {
      if (drafts.recipient !== filters.recipient || drafts.templateName !== filters.templateName) dispatch(templateFiltersChanged(drafts));
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [dispatch, drafts, filters.recipient, filters.templateName]);

  useEffect(() => {
    let current = true;
    fetchTemplates(token, filters)
      .then((list) => {
        if (!current) return;
        setFailed(false);
        dispatch(templatesLoaded(list));
      })
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [dispatch, token, filters]);

  return (
    <details className="statement-templates">
      <summary>{t('templates.title', { total: templates.length })}</summary>
      <p className="statement-templates__lead">{t('templates.lead')}</p>
      <div className="statement-templates__filters">
        <SelectField
          label={t('templates.account')}
          value={filters.accountNumber}
          onValue={(accountNumber) => dispatch(templateFiltersChanged({ accountNumber }))}
          placeholder={t('filters.allAccounts')}
          options={accounts.map((account) => ({ value: account.number, label: `${formatAccountNumber(account.number)} · ${account.currency}` }))}
        />
        <InputField label={t('templates.recipient')} value={drafts.recipient} onValue={(recipient) => setDrafts((previous) => ({ ...previous, recipient }))} maxLength={100} autoComplete="off" />
        <InputField label={t('templates.name')} value={drafts.templateName} onValue={(templateName) => setDrafts((previous) => ({ ...previous, templateName }))} maxLength={100} autoComplete="off" />
      </div>
      {failed ? <p role="alert">{t('templates.failed')}</p> : null}
      {templates.length === 0 && !failed ? <p className="statement-templates__empty">{t('templates.empty')}</p> : null}
      <ul className="statement-templates__list">
        {templates.map((template) => (
          <li key={template.templateName} className="statement-template row-spread">
            <div className="statement-template__text">
              <strong>{template.templateName}</strong>
              <span>
                {template.recipient} · {formatAccountNumber(template.toAccount)}
              </span>
              <span>
                {formatMoney(template.amount, template.currency, language)} · {t(typeKey(template.type))} · {t('templates.uses', { uses: template.uses })}
              </span>
            </div>
            <div className="statement-template__actions">
              <button
                type="button"
                className="button button--secondary"
                onClick={() => dispatch(statementFiltersChanged({ templateName: template.templateName }))}
                aria-label={t('templates.showFor', { name: template.templateName })}
              >
                {t('templates.show')}
              </button>
              <button type="button" className="button button--secondary" onClick={() => repeat(template)} aria-label={t('templates.repeatFor', { name: template.templateName })}>
                {t('templates.repeat')}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </details>
  );
}
