import { DEPOSIT_CURRENCIES, DEPOSITS } from '@bank/contracts/tariffs';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountField, DigitsField, focusFirstError, SelectField } from '../../ui/FormField';
import { formatMoney } from '../../ui/formatMoney';
import { SubmitButton } from '../../ui/SubmitButton';
import { useFailureText } from '../../ui/useFailureText';
import { AccountSelect } from '../accounts';
import { useCabinetNavigation } from '../cabinet';
import { fundingAccounts, payoutChoices } from './depositTerms';
import type { OpenDeposit } from './useOpenDeposit';

/**
 * Step 1: the terms of a new deposit. The currency decides which accounts may fund it; the payout
 * periods longer than the term typed are shown but cannot be chosen. Calculate asks the bank for
 * the quote; nothing is debited before the client confirms it.
 */
export function DepositTermsForm({ deposit }: { deposit: OpenDeposit }) {
  const { t, i18n } = useTranslation('deposits');
  const language = i18n.resolvedLanguage ?? 'en';
  const navigation = useCabinetNavigation();
  const { form, busy, quoteProblem } = deposit;
  const field = form.field;
  const { currency } = form.values;
  const accounts = fundingAccounts(deposit.accounts, currency);
  const minimum = formatMoney(DEPOSITS.minimum, currency, language);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    if (!(await deposit.calculate())) focusFirstError(element);
  };

  const reasonOf = useFailureText('deposits');
  const problem = quoteProblem ? reasonOf(quoteProblem.body) : null;

  return (
    <form className="deposit-form" noValidate aria-describedby="deposit-open-lead" onSubmit={(event) => void submit(event)}>
      <p id="deposit-open-lead" className="deposit-card__lead">
        {t('open.lead')}
      </p>
      <div className="field-row">
        <SelectField
          label={t('open.fields.currency')}
          {...field('currency')}
          onValue={deposit.pickCurrency}
          required
          options={DEPOSIT_CURRENCIES.map((code) => ({ value: code, label: code }))}
        />
        <AccountSelect label={t('open.fields.accNumberFrom')} {...field('accNumberFrom')} accounts={accounts} />
      </div>
      {!deposit.accountsLoading && accounts.length === 0 ? (
        <div className="deposit-notice" role="status">
          <p>{t('open.noAccount', { currency })}</p>
          <button type="button" className="button button--secondary" onClick={() => navigation.select('accounts')}>
            {t('open.toAccounts')}
          </button>
        </div>
      ) : (
        <p className="deposit-form__hint">{t('open.hints.accNumberFrom')}</p>
      )}
      <div className="field-row">
        <AmountField label={t('open.fields.amount')} {...field('amount')} hint={t('open.hints.amount', { minimum })} />
        <DigitsField
          label={t('open.fields.termMonths')}
          {...field('termMonths')}
          required
          hint={t('open.hints.termMonths', { min: DEPOSITS.termMonths.min, max: DEPOSITS.termMonths.max })}
        />
        <SelectField
          label={t('open.fields.payoutMonths')}
          {...field('payoutMonths')}
          required
          hint={t('open.hints.payoutMonths')}
          options={payoutChoices(form.values.termMonths).map((choice) => {
            const period = t(`payoutPeriods.${choice.months}`);
            return { value: String(choice.months), label: choice.fitsTerm ? period : t('open.longerThanTerm', { period }), disabled: !choice.fitsTerm };
          })}
        />
      </div>
      {quoteProblem ? (
        <p className="deposit-form__problem" role="alert">
          {t('open.quoteFailed')} {problem}
        </p>
      ) : null}
      <div className="deposit-form__actions form-actions">
        <SubmitButton busy={busy === 'quoting'} label={t('open.calculate')} busyLabel={t('open.calculating')} />
      </div>
    </form>
  );
}
