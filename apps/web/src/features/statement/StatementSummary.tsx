import type { StatementAccountSummary } from '@bank/contracts/statement/statement-row';
import { useTranslation } from 'react-i18next';
import { formatAccountNumber, formatMoney } from '../../ui/formatMoney';

/** The period's balances per account, from the ledger: opening, credits, debits, closing. */
export function StatementSummary({ accounts, headingLevel = 3, title }: { accounts: readonly StatementAccountSummary[]; headingLevel?: 3 | 4; title?: string }) {
  const { t, i18n } = useTranslation('statement');
  const language = i18n.resolvedLanguage ?? 'en';
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  if (accounts.length === 0) return null;
  return (
    <>
      {title ? <h3 className="statement-summary__heading">{title}</h3> : null}
      <div className="statement-summary">
        {accounts.map((account) => (
          <section key={account.accountNumber} className="statement-summary__account" aria-label={t('summary.label', { account: formatAccountNumber(account.accountNumber) })}>
            <Heading className="statement-summary__title">
              {formatAccountNumber(account.accountNumber)} · {account.currency}
            </Heading>
            <dl>
              <div>
                <dt>{t('summary.opening')}</dt>
                <dd>{formatMoney(account.openingBalance, account.currency, language)}</dd>
              </div>
              <div>
                <dt>{t('summary.credit')}</dt>
                <dd className="statement-amount--in">+{formatMoney(account.creditTurnover, account.currency, language)}</dd>
              </div>
              <div>
                <dt>{t('summary.debit')}</dt>
                <dd className="statement-amount--out">{'\u2212'}{formatMoney(account.debitTurnover, account.currency, language)}</dd>
              </div>
              <div>
                <dt>{t('summary.closing')}</dt>
                <dd>{formatMoney(account.closingBalance, account.currency, language)}</dd>
              </div>
            </dl>
          </section>
        ))}
      </div>
    </>
  );
}
