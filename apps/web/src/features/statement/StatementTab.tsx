import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';

/**
 * The statement tab of the Accounts screen (SPEC §2). The Accounts screen loads this module lazily,
 * so the statement's code and translations arrive only when the client opens the tab.
 */
export function StatementTab() {
  const { t } = useTranslation('statement');
  const transactions = useAppSelector((state) => state.transactions.transactionsData);
  return (
    <section aria-labelledby="statement-title">
      <h2 id="statement-title">{t('title')}</h2>
      {transactions.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <ul>
          {transactions.map((transaction) => (
            <li key={transaction.transactionNumber}>
              {new Date(transaction.created * 1000).toLocaleString('ru-RU')} · {transaction.transactionNumber} ·{' '}
              {transaction.direction === 'IN' ? '+' : '−'}
              {transaction.amount} {transaction.currency}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default StatementTab;
