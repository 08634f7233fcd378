import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { loadAccounts } from '../accounts';
import { loadWallets } from '../crypto';
import { ExchangeForm } from './ExchangeForm';
import { ExchangeResultModal } from './ExchangeResultModal';
import { ExchangeSummary } from './ExchangeSummary';
import { useExchange } from './useExchange';
import './exchange.css';

/** Exchange screen (docs/product.md#screens-and-routes): the form (step 0), then the summary to confirm (step 1). */
export function ExchangeScreen() {
  const { t } = useTranslation(['exchange', 'accounts']);
  const dispatch = useAppDispatch();
  const exchange = useExchange();
  const stepHeading = useRef<HTMLHeadingElement>(null);

  // The accounts, and the wallets a crypto conversion may sell from or buy into.
  useEffect(() => {
    void dispatch(loadAccounts());
    void dispatch(loadWallets());
  }, [dispatch]);

  // Moving between the steps takes focus to the new step's heading, so a screen reader hears it.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    stepHeading.current?.focus();
  }, [exchange.step]);

  return (
    <div className="exchange-screen">
      <h1 className="screen-heading">{t('screen.title')}</h1>
      <p className="screen-lead">{t('screen.lead')}</p>
      <ol className="exchange-steps" aria-label={t('steps.label')}>
        {(['form', 'summary'] as const).map((name, index) => (
          <li key={name} className="exchange-steps__item" aria-current={exchange.step === index ? 'step' : undefined}>
            <span className="exchange-steps__number" aria-hidden="true">
              {index + 1}
            </span>
            {t(`steps.${name}`)}
          </li>
        ))}
      </ol>
      <section className="cabinet-card exchange-card" aria-labelledby="exchange-step-title">
        <h2 id="exchange-step-title" ref={stepHeading} tabIndex={-1}>
          {exchange.step === 0 ? t('form.title') : t('summary.title')}
        </h2>
        {exchange.step === 0 ? <ExchangeForm exchange={exchange} /> : <ExchangeSummary exchange={exchange} />}
      </section>
      {exchange.outcome ? <ExchangeResultModal outcome={exchange.outcome} onClose={exchange.closeOutcome} /> : null}
    </div>
  );
}

export default ExchangeScreen;
