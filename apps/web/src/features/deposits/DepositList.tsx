import type { Deposit } from '@bank/contracts/deposits/index';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../ui/PageLoader';
import type { Load } from '../settings';
import { DepositItem } from './DepositItem';

/** The client's deposits as the bank lists them (running first, newest first), or why there are none to show. */
export function DepositList({ load, onRetry, onChanged }: { load: Load<Deposit[]>; onRetry: () => void; onChanged: () => void }) {
  const { t } = useTranslation('deposits');
  return (
    <section className="cabinet-card" aria-labelledby="deposit-list-title" aria-busy={load.kind === 'loading'}>
      <h2 id="deposit-list-title">{t('list.title')}</h2>
      {load.kind === 'loading' ? <PageLoader /> : null}
      {load.kind === 'failed' ? (
        <div className="deposits__failed" role="alert">
          <p>{t('loadFailed')}</p>
          <button type="button" className="button button--secondary" onClick={onRetry}>
            {t('retry')}
          </button>
        </div>
      ) : null}
      {load.kind === 'ready' && load.data.length === 0 ? <p className="deposits__empty">{t('list.empty')}</p> : null}
      {load.kind === 'ready' && load.data.length > 0 ? (
        <ul className="deposit-list" aria-labelledby="deposit-list-title">
          {load.data.map((deposit) => (
            <DepositItem key={deposit.id} deposit={deposit} onChanged={onChanged} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
