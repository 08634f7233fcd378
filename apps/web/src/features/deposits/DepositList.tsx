import type { Deposit } from '@bank/contracts/deposits/index';
import { useTranslation } from 'react-i18next';
import { LoadStates } from '../../ui/LoadStates';
import type { Load } from '../settings';
import { DepositItem } from './DepositItem';

/** The client's deposits as the bank lists them (running first, newest first), or why there are none to show. */
export function DepositList({ load, onRetry, onChanged }: { load: Load<Deposit[]>; onRetry: () => void; onChanged: () => void }) {
  const { t } = useTranslation('deposits');
  return (
    <section className="cabinet-card" aria-labelledby="deposit-list-title" aria-busy={load.kind === 'loading'}>
      <h2 id="deposit-list-title">{t('list.title')}</h2>
      <LoadStates load={load} onRetry={onRetry} texts={{ failed: t('loadFailed'), retry: t('retry'), empty: t('list.empty') }} />
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
