import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadChunkWithTexts } from '../../app/lazy';
import { PageLoader } from '../../ui/PageLoader';
import { Tabs } from '../../ui/Tabs';
import { AccountsOverview } from './AccountsOverview';
import './accounts.css';

/**
 * The statement is its own chunk, loaded when the client first opens its tab, with its texts and
 * those its rows quote (a scheduled transfer's status).
 */
const StatementTab = lazy(() =>
  loadChunkWithTexts(() => import('../statement/StatementTab'), ['statement', 'schedules']).then((module) => ({ default: module.StatementTab })),
);

type AccountsTab = 'overview' | 'statement';

/** Accounts screen (docs/product.md#screens-and-routes): two tabs, the overview of accounts and the statement. */
export function AccountsScreen() {
  const { t } = useTranslation('accounts');
  const [tab, setTab] = useState<AccountsTab>('overview');
  return (
    <div className="accounts-screen">
      <h1 className="screen-heading">{t('title')}</h1>
      <p className="screen-lead">{t('lead')}</p>
      <Tabs
        label={t('tabs.label')}
        items={[
          { key: 'overview', title: t('tabs.overview') },
          { key: 'statement', title: t('tabs.statement') },
        ]}
        active={tab}
        onSelect={setTab}
      >
        {tab === 'overview' ? (
          <AccountsOverview />
        ) : (
          <Suspense fallback={<PageLoader />}>
            <StatementTab />
          </Suspense>
        )}
      </Tabs>
    </div>
  );
}

export default AccountsScreen;
