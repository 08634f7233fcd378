import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DepositQuoteView } from './DepositQuoteView';
import { DepositTermsForm } from './DepositTermsForm';
import { OpenDepositResult } from './OpenDepositResult';
import { useOpenDeposit } from './useOpenDeposit';

/** The card that opens a deposit: the terms, then the bank's quote to confirm; the result in a dialog. */
export function OpenDepositCard({ onOpened }: { onOpened: () => void }) {
  const { t } = useTranslation('deposits');
  const deposit = useOpenDeposit(onOpened);
  const heading = useRef<HTMLHeadingElement>(null);
  const step = deposit.quoted ? 'quote' : 'terms';

  // Moving between the steps takes focus to the step's heading, so a screen reader hears where it is.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  return (
    <section className="cabinet-card deposit-card" aria-labelledby="deposit-open-title">
      <h2 id="deposit-open-title" ref={heading} tabIndex={-1}>
        {step === 'quote' ? t('quote.title') : t('open.title')}
      </h2>
      {deposit.quoted ? (
        <DepositQuoteView
          quote={deposit.quoted.quote}
          changed={deposit.quoted.changed === true}
          busy={deposit.busy === 'opening'}
          onBack={deposit.back}
          onConfirm={() => void deposit.confirm()}
        />
      ) : (
        <DepositTermsForm deposit={deposit} />
      )}
      {deposit.outcome ? <OpenDepositResult outcome={deposit.outcome} onClose={deposit.closeOutcome} /> : null}
    </section>
  );
}
